import ComposableArchitecture
import Observation
import Testing

// A child state put back from a copy that has since diverged (a mutating method assigning
// `self`, an undo restoring an earlier value) holds other values than the child it replaces,
// although a copy shares its original's identity object: observers of the parent's field are
// told, as TCA tells them. Changing the child in place still tells only its own fields'
// observers.

@ObservableState
private struct Draft: Equatable {
  var text = ""

  mutating func replace(with other: Self) {
    self = other
  }

  mutating func copy() -> Self {
    self
  }
}

@ObservableState
private struct Editor: Equatable {
  var draft = Draft()
  var saved = Draft()
  var mode = Mode.editing(Draft())
}

@CasePathable
@ObservableState
private enum Mode: Equatable {
  case editing(Draft)
  case idle

  mutating func replace(with other: Self) {
    self = other
  }
}

@Reducer
private struct Note {
  @ObservableState
  struct State: Equatable {
    var text = ""
    var history: [State] = []
  }

  enum Action: Equatable {
    case type(String)
    case undo
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .type(text):
        state.history.append(state)
        state.text = text
        return .none
      case .undo:
        guard let previous = state.history.popLast() else { return .none }
        state = previous
        return .none
      }
    }
  }
}

@Reducer
private struct Notebook {
  @ObservableState
  struct State: Equatable {
    var note = Note.State()
  }

  enum Action: Equatable {
    case note(Note.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.note, action: \.note) {
      Note()
    }
  }
}

@MainActor
@Suite
struct ObservationCopyTests {
  @Test
  func aChildReplacedByItsOwnDivergedCopyNotifiesObserversOfTheParentsField() {
    var state = Editor()
    var copy = state.draft.copy()
    copy.text = "edited"
    let fired = observeChanges { _ = state.draft.text }

    state.draft.replace(with: copy)

    #expect(state.draft.text == "edited")
    #expect(fired.value)
  }

  @Test
  func aChildReplacedByASiblingsCopyNotifiesObserversOfTheParentsField() {
    let original = Draft()
    var edited = original
    edited.text = "edited"
    var state = Editor(draft: original, saved: edited)
    let fired = observeChanges { _ = state.draft.text }

    state.draft.replace(with: state.saved)

    #expect(state.draft.text == "edited")
    #expect(fired.value)
  }

  @Test
  func enumStateReplacedByItsDivergedCopyNotifiesObserversOfTheParentsField() {
    var state = Editor()
    var copy = state.mode
    copy.modify(\.editing) { $0.text = "edited" }
    state.mode.modify(\.editing) { $0.text = "typed" }
    let fired = observeChanges { _ = state.mode }

    state.mode.replace(with: copy)

    #expect(state.mode == .editing(Draft(text: "edited")))
    #expect(fired.value)
  }

  @Test
  func aChildChangedInPlaceDoesNotNotifyObserversOfTheWholeChild() {
    var state = Editor()
    let firedForChild = observeChanges { _ = state.draft }
    let firedForText = observeChanges { _ = state.draft.text }

    state.draft.text = "typed"

    #expect(firedForText.value)
    #expect(!firedForChild.value)
  }

  @Test
  func anUndoInAScopedChildReducerNotifiesObserversOfTheRestoredField() {
    let store = Store(initialState: Notebook.State()) { Notebook() }
    store.send(.note(.type("first")))
    let fired = observeChanges { _ = store.note.text }

    store.send(.note(.undo))

    #expect(store.note.text == "")
    #expect(fired.value)
  }
}

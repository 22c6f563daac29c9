import ComposableArchitecture
import Testing

// Operators written over any `@Reducer enum`'s state, as navigation libraries write them (a
// coordinator's `forEachRoute`, say): `CaseReducerState.StateReducer` is the enum's reducer,
// whose `Action` and `body` generic code names without further constraints, as with TCA.

extension Reducer {
  /// Runs each screen of a stack of `@Reducer enum` screens with the enum's own reducer.
  func forEachScreen<ScreenState: CaseReducerState, ScreenAction>(
    _ state: WritableKeyPath<State, StackState<ScreenState>>,
    action: CaseKeyPath<Action, StackAction<ScreenState, ScreenAction>>
  ) -> some Reducer<State, Action> where ScreenState.StateReducer.Action == ScreenAction {
    self.forEach(state, action: action) { ScreenState.StateReducer.body }
  }

  /// Runs a presented `@Reducer enum` destination with the enum's own reducer.
  func ifLetScreen<ScreenState: CaseReducerState, ScreenAction>(
    _ state: WritableKeyPath<State, PresentationState<ScreenState>>,
    action: CaseKeyPath<Action, PresentationAction<ScreenAction>>
  ) -> some Reducer<State, Action> where ScreenState.StateReducer.Action == ScreenAction {
    self.ifLet(state, action: action) { ScreenState.StateReducer.body }
  }
}

/// ``Notes`` composed with the generic operators instead of the runtime's own.
struct GenericNotes: Reducer {
  typealias State = Notes.State
  typealias Action = Notes.Action

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEachScreen(\.path, action: \.path)
      .ifLetScreen(\.$destination, action: \.destination)
  }
}

@MainActor
@Suite
struct GenericCaseReducerTests {
  @Test
  func aStackOfEnumScreensRunsThroughGenericCode() async {
    let store = TestStore(initialState: Notes.State()) { GenericNotes() }
    await store.send(\.path.push, (id: 0, .stats(NoteStats.State()))) {
      $0.path[id: 0] = .stats(NoteStats.State())
    }
    await store.send(\.path[id: 0].stats.refresh) {
      $0.path[id: 0, case: \.stats]?.refreshes = 1
    }
  }

  @Test
  func aPresentedEnumDestinationRunsThroughGenericCode() async {
    var state = Notes.State()
    state.destination = .editor(NoteEditor.State())
    let store = TestStore(initialState: state) { GenericNotes() }
    await store.send(\.destination.editor.textChanged, "Hi") {
      $0.destination?.modify(\.editor) { $0.text = "Hi" }
    }
  }
}

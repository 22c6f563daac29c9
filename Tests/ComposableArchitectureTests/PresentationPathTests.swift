import ComposableArchitecture
import Testing

/// A feature that presents another instance of itself, one level deeper.
@Reducer
struct Drilldown {
  @ObservableState
  struct State: Equatable {
    var depth = 0
    @Presents var child: Drilldown.State?
  }

  enum Action: Equatable {
    case child(PresentationAction<Drilldown.Action>)
    case drillTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .drillTapped:
        state.child = Drilldown.State(depth: state.depth + 1)
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) {
      Drilldown()
    }
  }
}

/// A parent whose state is not observable, presenting with the property wrapper.
@Reducer
struct WrappedPresenter {
  struct State: Equatable {
    @PresentationState var editor: NoteEditor.State?
  }

  enum Action: Equatable {
    case editor(PresentationAction<NoteEditor.Action>)
    case editTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editor:
        return .none
      case .editTapped:
        state.editor = NoteEditor.State()
        return .none
      }
    }
    .ifLet(\.$editor, action: \.editor) {
      NoteEditor()
    }
  }
}

@MainActor
@Suite
struct PresentationPathTests {
  @Test
  func aFeaturePresentsItselfRecursively() async {
    let store = TestStore(initialState: Drilldown.State()) { Drilldown() }
    await store.send(.drillTapped) {
      $0.child = Drilldown.State(depth: 1)
    }
    await store.send(.child(.presented(.drillTapped))) {
      $0.child?.child = Drilldown.State(depth: 2)
    }
    await store.send(.child(.presented(.child(.dismiss)))) {
      $0.child?.child = nil
    }
  }

  @Test
  func copiesOfPresentationStateDoNotShareWrites() {
    var state = Drilldown.State(child: Drilldown.State(depth: 1))
    let copy = state
    state.child?.depth = 5
    #expect(copy.child?.depth == 1)
    #expect(state.child?.depth == 5)
  }

  @Test
  func presentationStateWrapsStateThatIsNotObservable() async {
    let store = TestStore(initialState: WrappedPresenter.State()) { WrappedPresenter() }
    await store.send(.editTapped) {
      $0.editor = NoteEditor.State()
    }
    await store.send(.editor(.presented(.textChanged("hi")))) {
      $0.editor?.text = "hi"
    }
    await store.send(.editor(.presented(.closeButtonTapped)))
    await store.receive(.editor(.dismiss)) {
      $0.editor = nil
    }
  }

  @Test
  func aCaseOfThePresentedDestinationIsReachedWithoutNamingPresented() {
    let toEditor: CaseKeyPath<Notes.Action, NoteEditor.Action> = \.destination.editor
    #expect(
      toEditor(.textChanged("a")) == .destination(.presented(.editor(.textChanged("a")))))
    #expect(
      Notes.Action.destination(.presented(.editor(.textChanged("b"))))[case: toEditor]
        == .textChanged("b"))
    #expect(Notes.Action.destination(.dismiss)[case: toEditor] == nil)

    let toPresentedEditor: CaseKeyPath<Notes.Action, PresentationAction<NoteEditor.Action>> =
      \.destination.editor
    #expect(toPresentedEditor(.dismiss) == .destination(.dismiss))
    #expect(
      Notes.Action.destination(.presented(.editor(.closeButtonTapped)))[case: toPresentedEditor]
        == .presented(.closeButtonTapped))
  }

  @Test
  func aTestStoreSendsAndReceivesThroughACaseOfThePresentedDestination() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.editTapped) {
      $0.destination = .editor(NoteEditor.State())
    }
    await store.send(\.destination.editor.textChanged, "hi") {
      $0.$destination[case: \.editor]?.text = "hi"
    }
    await store.send(\.destination.editor.closeButtonTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test
  func aStoreScopesToACaseOfThePresentedDestination() {
    let store = Store(initialState: Notes.State()) { Notes() }
    store.send(.editTapped)
    let editor = store.scope(state: \.destination?.editor, action: \.destination.editor)
    editor?.send(.textChanged("scoped"))
    #expect(store.destination == .editor(NoteEditor.State(text: "scoped")))
  }

  @Test
  func theProjectionReachesACaseOfThePresentedDestination() {
    var state = Notes.State(destination: .editor(NoteEditor.State(text: "x")))
    #expect(state.$destination.editor.wrappedValue == NoteEditor.State(text: "x"))
    #expect(state.$destination.alert.wrappedValue == nil)
    state.$destination[case: \.editor]?.text = "y"
    #expect(state.destination == .editor(NoteEditor.State(text: "y")))
    withKnownIssue {
      state.$destination[case: \.alert] = nil
    } matching: { issue in
      issue.description.contains("Can't modify unrelated case \"editor\"")
    }
    state.$destination[case: \.editor] = nil
    #expect(state.destination == nil)
  }
}

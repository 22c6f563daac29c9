import ComposableArchitecture
import Testing

/// A private feature whose `@Reducer enum Destination` is integrated case by case: the editor
/// case runs through `ifLet` on the case of the presented destination.
@Reducer
private struct Inbox {
  @Reducer
  enum Destination {
    case editor(NoteEditor)
    case alert(AlertState<Alert>)

    enum Alert: Equatable { case ok }
  }

  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var log: [String] = []
  }

  enum Action: Equatable {
    case alertTapped
    case destination(PresentationAction<Destination.Action>)
    case editTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alertTapped:
        state.destination = .alert(AlertState { TextState("Saved") })
        return .none
      case let .destination(.presented(.editor(.textChanged(text)))):
        state.log.append("parent saw \(text), editor has \(state.destination?.editor?.text ?? "-")")
        return .none
      case .destination:
        return .none
      case .editTapped:
        return self.presentEditor(&state)
      }
    }
    .ifLet(\.$destination[case: \.editor], action: \.destination.editor) {
      NoteEditor()
    }
  }

  func presentEditor(_ state: inout State) -> EffectOf<Self> {
    state.destination = .editor(NoteEditor.State())
    return .none
  }
}

extension Inbox.Destination.State: Equatable {}
extension Inbox.Destination.Action: Equatable {}

@MainActor
@Suite
struct IfLetThroughCaseTests {
  @Test
  func aChildRunsOnACaseOfThePresentedDestination() async {
    let store = TestStore(initialState: Inbox.State()) { Inbox() }
    await store.send(.editTapped) {
      $0.destination = .editor(NoteEditor.State())
    }
    await store.send(\.destination.editor.textChanged, "hi") {
      $0.$destination[case: \.editor]?.text = "hi"
      $0.log = ["parent saw hi, editor has hi"]
    }
  }

  @Test
  func anActionForAnotherCaseIsReportedAndChangesNothing() async {
    let store = TestStore(initialState: Inbox.State()) { Inbox() }
    await store.send(.alertTapped) {
      $0.destination = .alert(AlertState { TextState("Saved") })
    }
    await withKnownIssue {
      await store.send(\.destination.editor.textChanged, "lost") {
        $0.log = ["parent saw lost, editor has -"]
      }
    } matching: { issue in
      issue.description.contains("An \"ifLet\" at")
        && issue.description.contains("received a child action when child state was \"nil\"")
    }
  }
}

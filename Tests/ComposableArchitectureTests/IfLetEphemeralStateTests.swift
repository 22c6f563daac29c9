import ComposableArchitecture
import Testing

// Optional alert-like state (`AlertState`, `ConfirmationDialogState`) run through `ifLet` is
// dismissed by any of its actions, as a presented alert is, before the parent sees the action.

@Reducer
private struct AlertHost {
  struct State: Equatable {
    var alert: AlertState<AlertAction>?
    var dialog: ConfirmationDialogState<AlertAction>?
    var confirmed = 0
  }

  enum AlertAction: Equatable {
    case again
    case confirm
  }

  enum Action: Equatable {
    case alert(AlertAction)
    case dialog(AlertAction)
    case show
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.again), .show:
        state.alert = AlertState { TextState("Again?") }
        return .none
      case .alert(.confirm), .dialog(.confirm):
        state.confirmed += 1
        return .none
      case .dialog(.again):
        state.dialog = ConfirmationDialogState { TextState("Sure?") }
        return .none
      }
    }
    .ifLet(\.alert, action: \.alert)
    .ifLet(\.dialog, action: \.dialog) {}
  }
}

@MainActor
struct IfLetEphemeralStateTests {
  @Test
  func anAlertsActionClearsItsState() async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost() }
    await store.send(.show) {
      $0.alert = AlertState { TextState("Again?") }
    }
    await store.send(.alert(.confirm)) {
      $0.alert = nil
      $0.confirmed = 1
    }
  }

  @Test
  func theParentMayShowTheAlertAgainFromItsAction() async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost() }
    await store.send(.show) {
      $0.alert = AlertState { TextState("Again?") }
    }
    // Cleared by the ifLet, then set again by the parent, which runs after the child.
    await store.send(.alert(.again))
    await store.send(.alert(.confirm)) {
      $0.alert = nil
      $0.confirmed = 1
    }
  }

  @Test
  func aDialogWithAnEmptyChildReducerIsClearedToo() async {
    let store = TestStore(
      initialState: AlertHost.State(dialog: ConfirmationDialogState { TextState("Sure?") })
    ) { AlertHost() }
    await store.send(.dialog(.confirm)) {
      $0.dialog = nil
      $0.confirmed = 1
    }
  }
}

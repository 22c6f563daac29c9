import ComposableArchitecture
import Testing

// MARK: - Fixtures

enum DeletionAlertAction: Equatable {
  case confirmDeletion
  case keep
}

/// An action type that is not `Equatable`, like many features' actions are.
enum ResultAlertAction {
  case response(Result<Int, any Error>)
  case retry
}

struct AlertTestError: Error {}

@Reducer
struct AlertingFeature {
  @ObservableState
  struct State: Equatable {
    var items = ["Milk", "Eggs"]
    var alert: AlertState<Action>?
  }

  /// Not `Equatable`: it holds a `Result` whose failure is any error.
  enum Action {
    case deleteButtonTapped
    case confirmDeletion
    case alertDismissed
    case deletionResponse(Result<Int, any Error>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteButtonTapped:
        state.alert = Self.deletionAlert(count: state.items.count)
        return .none
      case .confirmDeletion:
        state.alert = nil
        let count = state.items.count
        return .run { send in
          await send(.deletionResponse(.success(count)))
        }
      case .alertDismissed:
        state.alert = nil
        return .none
      case let .deletionResponse(.success(count)):
        state.items.removeFirst(count)
        return .none
      case .deletionResponse(.failure):
        return .none
      }
    }
  }

  static func deletionAlert(count: Int) -> AlertState<Action> {
    AlertState {
      TextState("Delete \(count) items?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) {
        TextState("Delete")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      TextState("This cannot be undone.")
    }
  }
}

// MARK: - Tests

@MainActor
@Suite
struct AlertStateTests {
  @Test
  func builderInitializerKeepsTitleButtonsAndMessageInOrder() {
    let alert = AlertState<DeletionAlertAction> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) {
        TextState("Delete")
      }
      ButtonState(action: .keep) {
        TextState("Keep")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      TextState("Sure?")
    }
    #expect(alert.title == TextState("Delete?"))
    #expect(alert.message == TextState("Sure?"))
    #expect(alert.buttons.map(\.label.string) == ["Delete", "Keep", "Cancel"])
    #expect(alert.buttons.map(\.role) == [.destructive, nil, .cancel])
    #expect(alert.buttons.map(\.action.action) == [.confirmDeletion, .keep, nil])
  }

  @Test
  func builderSupportsConditionalButtons() {
    func alert(includeKeep: Bool) -> AlertState<DeletionAlertAction> {
      AlertState {
        TextState("Delete?")
      } actions: {
        if includeKeep {
          ButtonState(action: .keep) { TextState("Keep") }
        }
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      }
    }
    #expect(alert(includeKeep: true).buttons.map(\.label.string) == ["Keep", "Delete"])
    #expect(alert(includeKeep: false).buttons.map(\.label.string) == ["Delete"])
    #expect(alert(includeKeep: false).message == nil)
  }

  @Test
  func equalityIgnoresIDsButComparesContent() {
    let first = AlertingFeature.deletionAlert(count: 2)
    let second = AlertingFeature.deletionAlert(count: 2)
    #expect(first.id != second.id)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first != AlertingFeature.deletionAlert(count: 3))

    var retitled = first
    retitled.title = TextState("Something else")
    #expect(retitled != first)
  }

  @Test
  func equalityWorksWhenTheActionIsNotEquatable() {
    func alert(_ result: Result<Int, any Error>) -> AlertState<ResultAlertAction> {
      AlertState {
        TextState("Failed")
      } actions: {
        ButtonState(action: .retry) { TextState("Retry") }
        ButtonState(action: .response(result)) { TextState("Use result") }
      }
    }
    #expect(alert(.success(1)) == alert(.success(1)))
    #expect(alert(.success(1)) != alert(.success(2)))
    #expect(alert(.success(1)) != alert(.failure(AlertTestError())))
    #expect(
      ButtonState<ResultAlertAction>(action: .retry) { TextState("Retry") }
        != ButtonState<ResultAlertAction>(action: .response(.success(0))) { TextState("Retry") }
    )
  }

  @Test
  func buttonStateRolesAreComparedAndKept() {
    let destructive = ButtonState<DeletionAlertAction>(role: .destructive, action: .keep) {
      TextState("Go")
    }
    let cancel = ButtonState<DeletionAlertAction>(role: .cancel, action: .keep) {
      TextState("Go")
    }
    let plain = ButtonState<DeletionAlertAction>(action: .keep) { TextState("Go") }
    #expect(destructive.role == .destructive)
    #expect(cancel.role == .cancel)
    #expect(plain.role == nil)
    #expect(destructive != cancel)
    #expect(cancel != plain)
  }

  @Test
  func buttonStateWithActionPerformsItsAction() {
    var performed: [DeletionAlertAction?] = []
    ButtonState<DeletionAlertAction>(action: .confirmDeletion) { TextState("Delete") }
      .withAction { performed.append($0) }
    ButtonState<DeletionAlertAction>(role: .cancel) { TextState("Cancel") }
      .withAction { performed.append($0) }
    #expect(performed == [.confirmDeletion, nil])
  }

  @Test
  func buttonStateWithAnAsyncActionAwaitsIt() async {
    var performed: [DeletionAlertAction?] = []
    await ButtonState<DeletionAlertAction>(action: .confirmDeletion) { TextState("Delete") }
      .withAction { @MainActor action async in
        await Task.yield()
        performed.append(action)
      }
    #expect(performed == [.confirmDeletion])
  }

  // Test failures and snapshots print alert state as SwiftUI Navigation does.
  @Test
  func anAlertDumpsItsButtonsActionsAsTheyAreWritten() {
    let alert = AlertState<DeletionAlertAction> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    #expect(
      String(customDumping: alert) == """
        AlertState(
          title: "Delete?",
          actions: [
            [0]: ButtonState(
              role: .destructive,
              action: .send(
                .confirmDeletion
              ),
              label: "Delete"
            ),
            [1]: ButtonState(
              role: .cancel,
              action: .send(nil),
              label: "Cancel"
            )
          ]
        )
        """)
  }

  @Test
  func aDialogsTitleVisibilityIsNotCompared() {
    func dialog(_ visibility: ConfirmationDialogStateTitleVisibility)
      -> ConfirmationDialogState<DeletionAlertAction>
    {
      ConfirmationDialogState(titleVisibility: visibility) {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      }
    }
    #expect(dialog(.visible) == dialog(.hidden))
    #expect(dialog(.visible).hashValue == dialog(.hidden).hashValue)
  }

  @Test
  func mapTransformsTheButtonsActions() {
    let alert = AlertState<DeletionAlertAction> {
      TextState("Delete?")
    } actions: {
      ButtonState(action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let mapped: AlertState<String> = alert.map { action in action.map { "\($0)" } }
    #expect(mapped.title == alert.title)
    #expect(mapped.buttons.map(\.action.action) == ["confirmDeletion", nil])
    #expect(mapped.buttons.map(\.role) == [nil, .cancel])
  }

  @Test
  func mapKeepsTheIdentityOfTheAlertAndItsButtons() {
    let alert = AlertingFeature.deletionAlert(count: 2)
    let mapped: AlertState<String> = alert.map { action in action.map { "\($0)" } }
    #expect(mapped.buttons.map(\.id) == alert.buttons.map(\.id))
    #expect(mapped.id == alert.id)

  }

  @Test
  func buttonsWithAndWithoutAnActionAreNotEqual() {
    let dismissOnly = ButtonState<DeletionAlertAction>(role: .cancel) { TextState("Cancel") }
    let keeping = ButtonState<DeletionAlertAction>(role: .cancel, action: .keep) {
      TextState("Cancel")
    }
    #expect(dismissOnly != keeping)
    #expect(dismissOnly == ButtonState(role: .cancel) { TextState("Cancel") })

    let retry = ButtonState<ResultAlertAction>(action: .retry) { TextState("Retry") }
    let nothing = ButtonState<ResultAlertAction> { TextState("Retry") }
    #expect(retry != nothing)
  }

  @Test
  func featureShowsAndConfirmsAnAlertInATestStore() async {
    let store = TestStore(initialState: AlertingFeature.State()) { AlertingFeature() }
    await store.send(.deleteButtonTapped) {
      // A new alert value (with other ids) is equal to the one the feature built.
      $0.alert = AlertState {
        TextState("Delete 2 items?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      }
    }

    var tapped: AlertingFeature.Action?
    store.state.alert?.buttons.first?.withAction { tapped = $0 }
    guard let tapped else {
      Issue.record("The alert's first button has no action")
      return
    }
    await store.send(tapped) {
      $0.alert = nil
    }
    await store.receive(\.deletionResponse.success, 2) {
      $0.items = []
    }
  }

  @Test
  func featureDismissesTheAlertInATestStore() async {
    let store = TestStore(initialState: AlertingFeature.State()) { AlertingFeature() }
    await store.send(.deleteButtonTapped) {
      $0.alert = AlertingFeature.deletionAlert(count: 2)
    }
    await store.send(.alertDismissed) {
      $0.alert = nil
    }
    #expect(store.state.items == ["Milk", "Eggs"])
  }

  @Test
  func wrongAlertInTheAssertionIsReported() async {
    let store = TestStore(initialState: AlertingFeature.State()) { AlertingFeature() }
    await withKnownIssue {
      await store.send(.deleteButtonTapped) {
        $0.alert = AlertingFeature.deletionAlert(count: 5)
      }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("Delete 5 items?")
        && issue.description.contains("Delete 2 items?")
    }
  }
}

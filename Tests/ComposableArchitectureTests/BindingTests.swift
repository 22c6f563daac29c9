import ComposableArchitecture
import Testing

/// A settings form whose fields are set through binding actions.
@Reducer
struct SettingsForm {
  @ObservableState
  struct State: Equatable {
    var displayName = ""
    var notificationsEnabled = false
    var log: [String] = []
  }

  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case useDefaultNameTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.displayName):
        state.log.append("display name is now \(state.displayName)")
        return .none
      case .binding:
        return .none
      case .useDefaultNameTapped:
        return .send(.set(\.displayName, "Anonymous"))
      }
    }
  }
}

@MainActor
@Suite
struct BindingTests {
  @Test
  func bindingActionSetsTheFieldBeforeTheFeatureReducerRuns() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(.binding(.set(\.displayName, "Blob"))) {
      $0.displayName = "Blob"
      $0.log = ["display name is now Blob"]
    }
    await store.send(.set(\.notificationsEnabled, true)) {
      $0.notificationsEnabled = true
    }
  }

  @Test
  func bindingActionsSentByEffectsAreReceivedByValue() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(.useDefaultNameTapped)
    await store.receive(.binding(.set(\.displayName, "Anonymous"))) {
      $0.displayName = "Anonymous"
      $0.log = ["display name is now Anonymous"]
    }
  }

  @Test
  func bindingActionsAreEqualWhenTheyWriteTheSameValueToTheSameField() {
    let name: BindingAction<SettingsForm.State> = .set(\.displayName, "Blob")
    #expect(name == .set(\.displayName, "Blob"))
    #expect(name != .set(\.displayName, "Blobby"))
    #expect(
      BindingAction<SettingsForm.State>.set(\.notificationsEnabled, true)
        != .set(\.notificationsEnabled, false))
  }

  @Test
  func hostSetsAFieldThroughTheStoreAndObserversOfThatFieldAreNotified() {
    let store = Store(initialState: SettingsForm.State()) { SettingsForm() }
    let nameChanged = LockIsolated(false)
    let toggleChanged = LockIsolated(false)
    withObservationTracking {
      _ = store.displayName
    } onChange: {
      nameChanged.setValue(true)
    }
    withObservationTracking {
      _ = store.notificationsEnabled
    } onChange: {
      toggleChanged.setValue(true)
    }
    store.set(\.displayName, to: "Blob")
    #expect(store.displayName == "Blob")
    #expect(store.log == ["display name is now Blob"])
    #expect(nameChanged.value)
    #expect(!toggleChanged.value)
  }

  @Test
  func aWrongBindingAssertionIsReportedWithADiff() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await withKnownIssue {
      await store.send(.set(\.notificationsEnabled, true)) {
        $0.notificationsEnabled = false
      }
    } matching: { issue in
      issue.description.contains("notificationsEnabled: false")
        && issue.description.contains("notificationsEnabled: true")
    }
  }
}

/// A form that forgot its `BindingReducer`.
@Reducer
private struct ForgetfulForm {
  @ObservableState
  struct State: Equatable {
    var text = ""
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
  }
}

@MainActor
struct UnhandledBindingTests {
  @Test
  func aBindingActionNoReducerAppliesIsReported() {
    let store = Store(initialState: ForgetfulForm.State()) { ForgetfulForm() }
    withKnownIssue {
      store.text = "Blob"
    } matching: { issue in
      message(of: issue) == """
        A binding action sent from a store was not handled. …

          Action:
            ForgetfulForm.Action.binding(.set(_, "Blob"))

        To fix this, invoke "BindingReducer()" from your feature reducer's "body".
        """
    }
    #expect(store.text == "")
  }

  @Test
  func aBindingActionTheFeatureAppliesIsNotReported() {
    let store = Store(initialState: SettingsForm.State()) { SettingsForm() }
    store.displayName = "Blob"
    store.set(\.notificationsEnabled, to: true)
    #expect(store.displayName == "Blob")
    #expect(store.notificationsEnabled)
  }
}

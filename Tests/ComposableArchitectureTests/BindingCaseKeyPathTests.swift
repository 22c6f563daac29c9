import ComposableArchitecture
import Testing

/// A form whose fields are written by binding actions, and which writes one itself.
@Reducer
private struct NotificationsForm {
  @ObservableState
  struct State: Equatable {
    var isOn = false
    var label = ""
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case resetButtonTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.isOn):
        state.label = state.isOn ? "On" : "Off"
        return .none
      case .binding:
        return .none
      case .resetButtonTapped:
        return .send(.binding(.set(\.isOn, false)))
      }
    }
  }
}

@MainActor
@Suite
struct BindingCaseKeyPathTests {
  @Test
  func sendThroughBindingCaseKeyPath() async {
    let store = TestStore(initialState: NotificationsForm.State()) { NotificationsForm() }
    await store.send(\.binding.isOn, true) {
      $0.isOn = true
      $0.label = "On"
    }
    await store.send(\.binding.label, "Custom") {
      $0.label = "Custom"
    }
  }

  @Test
  func receiveThroughBindingCaseKeyPath() async {
    let store = TestStore(initialState: NotificationsForm.State(isOn: true, label: "On")) {
      NotificationsForm()
    }
    await store.send(.resetButtonTapped)
    await store.receive(\.binding.isOn) {
      $0.isOn = false
      $0.label = "Off"
    }
  }

  @Test
  func receiveThroughBindingCaseKeyPathWithValue() async {
    let store = TestStore(initialState: NotificationsForm.State(isOn: true, label: "On")) {
      NotificationsForm()
    }
    await store.send(.resetButtonTapped)
    await store.receive(\.binding.isOn, false) {
      $0.isOn = false
      $0.label = "Off"
    }
  }

  @Test
  func bindingCaseKeyPathEmbedsAndExtracts() {
    let isOn: CaseKeyPath<NotificationsForm.Action, Bool> = \.binding.isOn
    let action = isOn(true)
    #expect(action[case: \.binding.isOn] == true)
    #expect(action[case: \.binding.label] == nil)
    #expect(action.is(\.binding))
    #expect(NotificationsForm.Action.resetButtonTapped[case: \.binding.isOn] == nil)

    let store = Store(initialState: NotificationsForm.State()) { NotificationsForm() }
    store.send(isOn(true))
    #expect(store.isOn)
    #expect(store.label == "On")
  }
}

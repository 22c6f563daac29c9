import ComposableArchitecture
import Testing

/// A login form written as modular TCA features are: its view's actions, bindings among them,
/// gathered in a `view` case.
@Reducer
private struct Login {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var isLoggingIn = false
  }

  enum Action: Equatable, ViewAction {
    case delegate(Delegate)
    case view(View)

    @CasePathable
    enum Delegate: Equatable {
      case loggedIn(email: String)
    }

    @CasePathable
    enum View: Equatable, BindableAction {
      case binding(BindingAction<State>)
      case loginButtonTapped
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .delegate:
        return .none
      case .view(.binding):
        return .none
      case .view(.loginButtonTapped):
        state.isLoggingIn = true
        return .send(.delegate(.loggedIn(email: state.email)))
      }
    }
  }
}

/// A screen that sends its feature's view actions without naming the `view` case.
@MainActor
private struct LoginScreen: ViewActionSending {
  let store: StoreOf<Login>

  func submit() {
    send(.loginButtonTapped)
  }

  /// As a SwiftUI view writes it, with an animation.
  func submitAnimated() {
    send(.loginButtonTapped, animation: .default)
  }

  /// As a SwiftUI view writes it, with a transaction.
  func submitInTransaction() {
    send(.loginButtonTapped, transaction: SwiftUIStandIns.Transaction(animation: .easeInOut))
  }
}

@MainActor
struct ViewActionTests {
  @Test
  func bindingsInsideViewActionsAreApplied() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.view(.binding(.set(\.email, "blob@example.com")))) {
      $0.email = "blob@example.com"
    }
    await store.send(\.view.binding.email, "blob@pointfree.co") {
      $0.email = "blob@pointfree.co"
    }
    await store.send(.view(.loginButtonTapped)) {
      $0.isLoggingIn = true
    }
    await store.receive(\.delegate.loggedIn)
  }

  @Test
  func aViewActionIsEmbeddedThroughTheProtocol() {
    func embed<A: ViewAction>(_ action: A.ViewAction, as _: A.Type) -> A { .view(action) }
    #expect(embed(.loginButtonTapped, as: Login.Action.self) == .view(.loginButtonTapped))
  }

  @Test
  func aViewSendsItsActionsThroughTheViewCase() {
    let store = Store(initialState: Login.State(email: "blob@example.com")) { Login() }
    LoginScreen(store: store).submit()
    #expect(store.isLoggingIn)
  }

  @Test
  func aViewSendsWithAnAnimationThroughTheViewCase() {
    let store = Store(initialState: Login.State(email: "blob@example.com")) { Login() }
    LoginScreen(store: store).submitAnimated()
    #expect(store.isLoggingIn)
  }

  @Test
  func aViewSendsWithATransactionThroughTheViewCase() {
    let store = Store(initialState: Login.State(email: "blob@example.com")) { Login() }
    LoginScreen(store: store).submitInTransaction()
    #expect(store.isLoggingIn)
  }
}

@MainActor
struct ViewActionBindingTests {
  @Test
  func settingAFieldSendsABindingThroughTheViewCase() {
    let store = Store(initialState: Login.State()) { Login() }
    store.email = "blob@example.com"
    #expect(store.email == "blob@example.com")
  }
}

import ComposableArchitecture
import Testing

// An enum reducer that declares its own `static var body`, as TCA's TicTacToe root does: the
// enum's logic decides which case the state is in, and `ifCaseLet` runs each case's feature.
// The macro generates no body of its own then.

@Reducer
private struct SignIn {
  struct State: Equatable {
    var name = ""
  }

  enum Action: Equatable {
    case nameChanged(String)
    case submitted
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .nameChanged(name) = action { state.name = name }
      return .none
    }
  }
}

@Reducer
private struct Lobby {
  struct State: Equatable {
    var name: String
    var games = 0
  }

  enum Action: Equatable {
    case newGame
    case signOut
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .newGame = action { state.games += 1 }
      return .none
    }
  }
}

@Reducer
private enum Session {
  case signIn(SignIn)
  case lobby(Lobby)

  static var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .signIn(.submitted):
        guard case let .signIn(form) = state else { return .none }
        state = .lobby(Lobby.State(name: form.name))
        return .none
      case .lobby(.signOut):
        state = .signIn(SignIn.State())
        return .none
      case .signIn, .lobby:
        return .none
      }
    }
    .ifCaseLet(\.signIn, action: \.signIn) {
      SignIn()
    }
    .ifCaseLet(\.lobby, action: \.lobby) {
      Lobby()
    }
  }
}

extension Session.State: Equatable {}

@MainActor
struct EnumReducerBodyTests {
  @Test
  func theEnumsOwnBodyRunsItsLogicAndItsCases() async {
    let store = TestStore(initialState: Session.State.signIn(SignIn.State())) {
      Session.body
    }
    await store.send(.signIn(.nameChanged("Blob"))) {
      $0 = .signIn(SignIn.State(name: "Blob"))
    }
    await store.send(.signIn(.submitted)) {
      $0 = .lobby(Lobby.State(name: "Blob"))
    }
    await store.send(.lobby(.newGame)) {
      $0 = .lobby(Lobby.State(name: "Blob", games: 1))
    }
    await store.send(.lobby(.signOut)) {
      $0 = .signIn(SignIn.State())
    }
  }

  @Test
  func aStoreOfTheEnumScopesToItsCurrentCase() {
    let store = Store(initialState: Session.State.lobby(Lobby.State(name: "Blob"))) {
      Session.body
    }
    guard case let .lobby(lobby) = store.case else {
      Issue.record("expected the lobby's store")
      return
    }
    lobby.send(.newGame)
    #expect(lobby.games == 1)
  }
}

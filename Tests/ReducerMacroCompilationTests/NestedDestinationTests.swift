import ComposableArchitecture
import Testing

// This target holds this one file on purpose, and the file is kept this small: the compiler
// type-checks it as the only primary file, which is where a `@Reducer` struct holding a
// `@Reducer enum Destination` of a feature declared in the same file crashed it (signal 11)
// while the enum's generated `State`, `Action` and `CaseScope` got their `CasePathable`
// conformances from extensions. The crash depends on how many generated extensions the file
// has, so adding declarations here can hide it: if this target builds, the shape compiles.

@Reducer
struct Counter {
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case incrementButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
struct Screen {
  @Reducer
  enum Destination {
    case counter(Counter)
  }

  struct State {
    var destination: Destination.State?
  }

  enum Action {
    case counterButtonTapped
    case destination(Destination.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .counterButtonTapped:
        state.destination = .counter(Counter.State())
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) {
      Destination.body
    }
  }
}

/// The destination's feature runs when presented.
@MainActor
@Test func aDestinationDeclaredBesideItsFeatureRunsIt() async {
  let store = Store(initialState: Screen.State()) {
    Screen()
  }
  store.send(.counterButtonTapped)
  store.send(.destination(.counter(.incrementButtonTapped)))
  #expect(store.destination?.counter?.count == 1)
}

import ComposableArchitecture
import Testing

// Features written the way code for main-actor modules often writes them, with `nonisolated`
// on every reducer, nested or not (docs/COMPATIBILITY.md).

@Reducer
nonisolated struct NonisolatedCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case incrementButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

@Reducer
nonisolated struct NonisolatedParent {
  @Reducer
  nonisolated enum Destination {
    case counter(NonisolatedCounter)
  }

  @Reducer
  nonisolated enum Path {
    case counter(NonisolatedCounter)
  }

  @ObservableState
  struct State: Equatable {
    var counter = NonisolatedCounter.State()
    @Presents var destination: Destination.State?
    var path = StackState<Path.State>()
  }

  enum Action {
    case counter(NonisolatedCounter.Action)
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)
    case presentButtonTapped
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { NonisolatedCounter() }
    Reduce { state, action in
      switch action {
      case .presentButtonTapped:
        state.destination = .counter(NonisolatedCounter.State(count: state.counter.count))
        return .none
      case .counter, .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

extension NonisolatedParent.Destination.State: Equatable {}
extension NonisolatedParent.Path.State: Equatable {}

@MainActor
struct NonisolatedReducerTests {
  @Test
  func aNonisolatedFeatureScopesPresentsAndPushes() async {
    let store = TestStore(initialState: NonisolatedParent.State()) { NonisolatedParent() }

    await store.send(\.counter.incrementButtonTapped) { $0.counter.count = 1 }
    await store.send(.presentButtonTapped) {
      $0.destination = .counter(NonisolatedCounter.State(count: 1))
    }
    await store.send(\.destination.counter.incrementButtonTapped) {
      $0.destination?.modify(\.counter) { $0.count = 2 }
    }
    await store.send(\.path.push, (id: 0, .counter(NonisolatedCounter.State()))) {
      $0.path[id: 0] = .counter(NonisolatedCounter.State())
    }
    await store.send(\.path[id: 0].counter.incrementButtonTapped) {
      $0.path[id: 0, case: \.counter]?.count = 1
    }
  }
}

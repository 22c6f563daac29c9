import ComposableArchitecture
import Testing

@Reducer
struct SmokeCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.count += 1
      return .none
    }
  }
}

@MainActor
@Suite struct SmokeTests {
  @Test func sendIncrements() {
    let store = Store(initialState: SmokeCounter.State()) { SmokeCounter() }
    store.send(.increment)
    #expect(store.count == 1)
  }
}

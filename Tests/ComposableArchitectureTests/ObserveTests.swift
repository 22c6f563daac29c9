import ComposableArchitecture
import Testing

// `observe { }`, as code outside SwiftUI keeps itself up to date with a store: it runs at once,
// again after a change to what it read (not to anything else), and never after its token is
// cancelled or released.

@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var other = 0
  }

  enum Action: Equatable {
    case increment
    case incrementOther
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .incrementOther: state.other += 1
      }
      return .none
    }
  }
}

@MainActor
struct ObserveTests {
  @Test
  func itRunsAtOnceAndAgainAfterAChangeToWhatItRead() async {
    let store = Store(initialState: Tally.State()) { Tally() }
    let counts = LockIsolated<[Int]>([])
    let token = observe {
      let count = store.count
      counts.withValue { $0.append(count) }
    }
    #expect(counts.value == [0])

    store.send(.increment)
    #expect(await yieldUntil { counts.value == [0, 1] })

    store.send(.incrementOther)
    store.send(.increment)
    #expect(await yieldUntil { counts.value == [0, 1, 2] })
    #expect(counts.value == [0, 1, 2])
    _ = token
  }

  @Test
  func aCancelledTokenStopsIt() async {
    let store = Store(initialState: Tally.State()) { Tally() }
    let counts = LockIsolated<[Int]>([])
    let token = observe {
      let count = store.count
      counts.withValue { $0.append(count) }
    }
    token.cancel()
    store.send(.increment)
    #expect(!(await yieldUntil(maxYields: 100) { counts.value.count > 1 }))
    #expect(counts.value == [0])
  }

  @Test
  func aReleasedTokenStopsIt() async {
    let store = Store(initialState: Tally.State()) { Tally() }
    let counts = LockIsolated<[Int]>([])
    var token: ObserveToken? = observe {
      let count = store.count
      counts.withValue { $0.append(count) }
    }
    #expect(token?.isCancelled == false)
    token = nil
    store.send(.increment)
    #expect(!(await yieldUntil(maxYields: 100) { counts.value.count > 1 }))
    #expect(counts.value == [0])
  }
}

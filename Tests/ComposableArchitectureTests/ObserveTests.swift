import ComposableArchitecture
import Testing

// `observe { }`, as code outside SwiftUI keeps itself up to date with a store: it runs at once,
// again after a change to what it read (not to anything else), and never after its token is
// cancelled or released. The store's feature is `ObservationTests`' `ObservedChild`.

@MainActor
struct ObserveTests {
  @Test
  func itRunsAtOnceAndAgainAfterAChangeToWhatItRead() async {
    let store = Store(initialState: ObservedChild.State()) { ObservedChild() }
    let counts = LockIsolated<[Int]>([])
    let token = observe {
      let count = store.value
      counts.withValue { $0.append(count) }
    }
    #expect(counts.value == [0])

    store.send(.incrementValue)
    #expect(await yieldUntil { counts.value == [0, 1] })

    store.send(.incrementOther)
    store.send(.incrementValue)
    #expect(await yieldUntil { counts.value == [0, 1, 2] })
    #expect(counts.value == [0, 1, 2])
    _ = token
  }

  @Test
  func aCancelledTokenStopsIt() async {
    let store = Store(initialState: ObservedChild.State()) { ObservedChild() }
    let counts = LockIsolated<[Int]>([])
    let token = observe {
      let count = store.value
      counts.withValue { $0.append(count) }
    }
    token.cancel()
    store.send(.incrementValue)
    #expect(!(await yieldUntil(maxYields: 100) { counts.value.count > 1 }))
    #expect(counts.value == [0])
  }

  @Test
  func aReleasedTokenStopsIt() async {
    let store = Store(initialState: ObservedChild.State()) { ObservedChild() }
    let counts = LockIsolated<[Int]>([])
    var token: ObserveToken? = observe {
      let count = store.value
      counts.withValue { $0.append(count) }
    }
    #expect(token?.isCancelled == false)
    token = nil
    store.send(.incrementValue)
    #expect(!(await yieldUntil(maxYields: 100) { counts.value.count > 1 }))
    #expect(counts.value == [0])
  }

  // As in TCA, whose test store yields after every send: what the action changed is observed
  // by the time `send` returns, though the action starts no effect.
  @Test
  func anObservationOfSharedStateHasRunWhenATestStoresSendReturns() async {
    let store = TestStore(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    let counts = LockIsolated<[Int]>([])
    let token = observe {
      let count = store.state.count
      counts.withValue { $0.append(count) }
    }
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(counts.value == [0, 1])
    _ = token
  }
}

/// A count shared with whoever made the state, incremented in place.
@Reducer
private struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared var count: Int
  }

  enum Action: Equatable {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }
}

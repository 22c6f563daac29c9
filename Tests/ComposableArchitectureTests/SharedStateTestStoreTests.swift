import ComposableArchitecture
import Testing

/// A counter whose count is shared, changed by its reducer and by an effect.
@Reducer
private struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var label = ""
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case incrementLaterButtonTapped
    case incrementedLater
    case incrementQuietlyButtonTapped
    case rename(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLaterButtonTapped:
        return .run { [count = state.$count] send in
          count.withLock { $0 += 1 }
          await send(.incrementedLater)
        }
      case .incrementedLater:
        return .none
      case .incrementQuietlyButtonTapped:
        return .run { [count = state.$count] _ in
          count.withLock { $0 += 1 }
        }
      case .rename(let label):
        state.label = label
        return .none
      }
    }
  }
}

/// Shared state is part of state in a test store: its changes are asserted like any other.
@MainActor
struct SharedStateTestStoreTests {
  @Test
  func aSharedChangeIsAssertedInTheSendClosure() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(store.state.count == 1)
  }

  @Test
  func anUnassertedSharedChangeFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.incrementButtonTapped)
    } matching: { issue in
      message(of: issue) == """
        State was not expected to change, but a change occurred.

            \u{2007} SharedCounter.State(
            −   _count: 0,
            +   _count: 1,
            \u{2007}   label: ""
            \u{2007} )

        (Expected: −, Actual: +)
        """
    }
  }

  @Test
  func aWronglyAssertedSharedChangeFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await withKnownIssue {
      await store.send(.incrementButtonTapped) {
        $0.$count.withLock { $0 = 2 }
      }
    } matching: { issue in
      message(of: issue).hasPrefix("A state change does not match expectation.")
    }
    // The closure edited what the test expected, not the live value.
    #expect(store.state.count == 1)
  }

  @Test
  func aChangeAnEffectMakesIsAssertedOnTheReceiveThatFollows() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementLaterButtonTapped)
    await store.receive(.incrementedLater) {
      $0.$count.withLock { $0 = 1 }
    }
  }

  @Test
  func aNonExhaustiveStoreSkipsSharedChanges() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.incrementButtonTapped)
    await store.send(.rename("Blob")) {
      $0.label = "Blob"
    }
    #expect(store.state.count == 1)
  }

  @Test
  func storeAssertChecksSharedChanges() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.incrementButtonTapped)
    store.exhaustivity = .on
    store.assert {
      $0.$count.withLock { $0 = 1 }
    }
  }

  @Test
  func aSharedChangeLeftUnassertedAtTheEndIsReportedWithItsDiff() async {
    await withKnownIssue {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementQuietlyButtonTapped).finish()
    } matching: { issue in
      message(of: issue) == """
        Test store completed before asserting against changes to shared state: …

            \u{2007} SharedCounter.State(
            −   _count: 0,
            +   _count: 1,
            \u{2007}   label: ""
            \u{2007} )

        (Expected: −, Actual: +)

        Invoke "TestStore.assert" at the end of this test to assert against changes to shared \
        state.
        """
    }
  }
}

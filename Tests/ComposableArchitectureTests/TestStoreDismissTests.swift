import ComposableArchitecture
import Testing

/// A feature that dismisses itself, tested on its own: the test store is what it dismisses.
@Reducer
private struct Sheet {
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable {
    case appeared
    case closeButtonTapped
    case tick
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .appeared:
        return .run { _ in try await Task.never() }
      case .closeButtonTapped:
        return .run { _ in await dismiss() }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

@MainActor
struct TestStoreDismissTests {
  @Test
  func theRootReducersDismissDismissesTheTestStore() async {
    let store = TestStore(initialState: Sheet.State()) { Sheet() }
    await store.send(.appeared)
    #expect(!store.isDismissed)
    await store.send(.closeButtonTapped).finish()
    #expect(store.isDismissed)
    // Its long-living effect was cancelled with it: nothing is left in flight.
    await store.finish()
    await withKnownIssue {
      await store.send(.tick)
    } matching: { issue in
      message(of: issue) == "Can't send action to dismissed test store."
    }
    #expect(store.state.ticks == 0)
  }

  @Test
  func aDismissOverriddenByTheTestRunsInstead() async {
    let dismissed = LockIsolated(false)
    let store = TestStore(initialState: Sheet.State()) {
      Sheet()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
    }
    await store.send(.closeButtonTapped).finish()
    #expect(dismissed.value)
    #expect(!store.isDismissed)
    await store.send(.tick) {
      $0.ticks = 1
    }
  }
}

import ComposableArchitecture
import Testing

// MARK: - Feature

@Reducer
struct FailingFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var value: Int?
  }

  enum Action: Equatable {
    case increment
    case noop
    case fetch
    case response(Int)
    case startTimer
    case tick
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .noop:
        return .none
      case .fetch:
        return .run { send in
          await send(.response(1))
        }
      case let .response(value):
        state.value = value
        return .none
      case .startTimer:
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      case .tick:
        return .none
      }
    }
  }
}

/// Whether `text` holds a removed line (`−`) containing `removed` and an added line (`+`)
/// containing `added`, as in the diffs of the test store.
private func hasDiff(_ text: String, removed: String, added: String) -> Bool {
  let lines = text.split(separator: "\n").map { $0.drop(while: \.isWhitespace) }
  return lines.contains { $0.hasPrefix("−") && $0.contains(removed) }
    && lines.contains { $0.hasPrefix("+") && $0.contains(added) }
}

@MainActor
private func makeStore(clock: TestClock<Duration> = TestClock()) -> TestStoreOf<FailingFeature> {
  let store = TestStore(initialState: FailingFeature.State()) {
    FailingFeature()
  } withDependencies: {
    $0.continuousClock = clock
  }
  store.timeout = 100_000_000
  return store
}

// MARK: - Tests

@MainActor
@Suite
struct TestStoreFailureTests {
  @Test
  func wrongStateAssertionReportsADiffOfExpectedAndActual() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) {
        $0.count = 2
      }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && hasDiff(issue.description, removed: "count: 2", added: "count: 1")
    }
  }

  @Test
  func missingStateAssertionReportsTheUnexpectedChange() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.description.contains("State was not expected to change")
        && hasDiff(issue.description, removed: "count: 0", added: "count: 1")
    }
  }

  @Test
  func assertClosureThatChangesNothingIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.noop) {
        $0.count = 0
      }
    } matching: { issue in
      issue.description.contains("Expected state to change, but no change occurred")
    }
  }

  @Test
  func nonExhaustiveStoreStillReportsAWrongAssertion() async {
    let store = makeStore()
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) {
        $0.count = 5
      }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && hasDiff(issue.description, removed: "count: 5", added: "count: 1")
    }
  }

  @Test
  func receivingADifferentActionReportsADiffOfTheActions() async {
    let store = makeStore()
    await store.send(.fetch)
    await withKnownIssue {
      await store.receive(.response(2)) {
        $0.value = 1
      }
    } matching: { issue in
      issue.description.contains("Received unexpected action")
        && hasDiff(issue.description, removed: "response(2)", added: "response(1)")
    }
  }

  @Test
  func receivingACaseWithADifferentValueReportsADiffOfTheValues() async {
    let store = makeStore()
    await store.send(.fetch)
    await withKnownIssue {
      await store.receive(\.response, 2) {
        $0.value = 1
      }
    } matching: { issue in
      issue.description.contains("Received unexpected action")
        && hasDiff(issue.description, removed: "2", added: "1")
    }
  }

  @Test
  func receiveReportsAnActionThatNoEffectCanDeliver() async {
    let store = makeStore()
    await store.send(.noop)
    await withKnownIssue {
      await store.receive(.response(1), timeout: .milliseconds(100))
    } matching: { issue in
      // With no effect in flight there is nothing to wait for.
      message(of: issue) == """
        Expected to receive the following action, but didn't.

          FailingFeature.Action.response(1)
        """
    }
  }

  @Test
  func sendingWhileReceivedActionsAreUnhandledIsReported() async {
    let store = makeStore()
    await store.send(.fetch).finish()
    await withKnownIssue {
      await store.send(.increment) {
        // Only this action's change is asserted here.
        $0.count = 1
      }
    } matching: { issue in
      issue.description.contains("Must handle 1 received action before sending an action")
        && issue.description.contains("response(1)")
    }
    #expect(store.state == FailingFeature.State(count: 1, value: 1))
    // The unhandled action is kept for the next `receive`, with its own change.
    await store.receive(.response(1)) {
      $0.value = 1
    }
  }

  @Test
  func testStoreTaskFinishReportsItsEffectStillRunningAfterTheTimeout() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = await store.send(.startTimer)
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(100))
    } matching: { issue in
      issue.description.contains(
        "Expected task to finish, but it is still in-flight after 0.1 seconds")
    }
    await store.skipInFlightEffects()
  }

  @Test
  func unreceivedActionIsReportedAtTheEndOfTheTest() async {
    await withKnownIssue {
      do {
        let store = makeStore()
        await store.send(.fetch).finish()
      }
    } matching: { issue in
      issue.description.contains("received 1 unexpected action")
        && issue.description.contains("    .response")
    }

  }

  @Test
  func inFlightEffectIsReportedAtTheEndOfTheTest() async {
    let clock = TestClock()
    let sendLine = LockIsolated<Int?>(nil)
    await withKnownIssue {
      do {
        let store = makeStore(clock: clock)
        sendLine.setValue(#line + 1)
        await store.send(.startTimer)
      }
    } matching: { issue in
      // Reported where the action was sent.
      issue.description.contains("An effect returned for this action is still running")
        && issue.sourceLocation?.line == sendLine.value
    }

  }

  @Test
  func finishReportsEffectsStillRunningAfterTheTimeout() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startTimer)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(100))
    } matching: { issue in
      issue.description.contains("Expected effects to finish")
        && issue.description.contains("0.1 seconds")
    }
    await store.skipInFlightEffects()
  }
}

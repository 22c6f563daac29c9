import ComposableArchitecture
import Testing

/// A feature whose actions send others, change state, or fail, for the test store's messages.
@Reducer
struct MessageFeature {
  struct State: Equatable {
    var count = 0
    var value: Int?
  }

  enum Action: Equatable {
    case both
    case first
    case second
    case fail
    case fetch
    case response(Int)
    case noop
    case wait
  }

  struct Boom: Error, Equatable {}

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .both:
        return .merge(.send(.second), .send(.noop))
      case .first:
        return .send(.second)
      case .second:
        state.count += 1
        return .none
      case .fail:
        return .run { _ in throw Boom() }
      case .fetch:
        return .run { send in await send(.response(1)) }
      case let .response(value):
        state.value = value
        return .none
      case .noop:
        return .none
      case .wait:
        return .run { _ in try await Task.never() }
      }
    }
  }
}

@MainActor
private func makeStore() -> TestStoreOf<MessageFeature> {
  TestStore(initialState: MessageFeature.State()) {
    MessageFeature()
  }
}

// The test store reports failures with TCA's wording and layout, word for word.
@MainActor
@Suite
struct TestStoreMessageTests {
  @Test
  func aWrongAssertionReportsTheDifference() async {
    let store = makeStore()
    await store.send(.first)
    await withKnownIssue {
      await store.receive(.second) {
        $0.count = 2
      }
    } matching: { issue in
      message(of: issue) == """
        A state change does not match expectation.

            \u{2007} MessageFeature.State(
            −   count: 2,
            +   count: 1,
            \u{2007}   value: nil
            \u{2007} )

        (Expected: −, Actual: +)
        """
    }
  }

  @Test
  func anUnassertedChangeIsReported() async {
    let store = makeStore()
    await store.send(.first)
    await withKnownIssue {
      await store.receive(.second)
    } matching: { issue in
      message(of: issue) == """
        State was not expected to change, but a change occurred.

            \u{2007} MessageFeature.State(
            −   count: 0,
            +   count: 1,
            \u{2007}   value: nil
            \u{2007} )

        (Expected: −, Actual: +)
        """
    }
  }

  @Test
  func receivingAnUnexpectedActionReportsThatAndNothingMore() async {
    let store = makeStore()
    await store.send(.first)
    // The action received changed state and the test asserted none of it: only the unexpected
    // action is reported.
    await withKnownIssue {
      await store.receive(.noop)
    } matching: { issue in
      message(of: issue) == """
        Received unexpected action.

            − MessageFeature.Action.noop
            + MessageFeature.Action.second

        (Expected: −, Received: +)
        """
    }
    #expect(store.state.count == 1)
  }

  @Test
  func sendingBeforeHandlingReceivedActionsIsReportedAndKeepsThem() async {
    let store = makeStore()
    await store.send(.first)
    await withKnownIssue {
      await store.send(.first)
    } matching: { issue in
      message(of: issue) == """
        Must handle 1 received action before sending an action.

        Unhandled actions: [
          [0]: .second
        ]
        """
    }
    // Both are still there to receive, each with its own change.
    await store.receive(.second) {
      $0.count = 1
    }
    await store.receive(.second) {
      $0.count = 2
    }
  }

  @Test
  func sendingAgainBeforeHandlingThemChecksOnlyTheNewChange() async {
    let store = makeStore()
    await store.send(.first)
    await withKnownIssue {
      await store.send(.response(5)) {
        $0.value = 5
      }
      // Still unhandled: reported again, and this action is checked against the state the
      // previous send left, not the one the unhandled action left.
      await store.send(.noop)
    } matching: { issue in
      message(of: issue).hasPrefix("Must handle 1 received action before sending an action")
    }
    await store.receive(.second) {
      $0.count = 1
    }
  }

  @Test
  func receivingWhatNeverCameReportsTheExpectedAction() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive(.response(1))
    } matching: { issue in
      message(of: issue) == """
        Expected to receive the following action, but didn't.

          MessageFeature.Action.response(1)
        """
    }
  }

  @Test
  func receivingACaseThatNeverCameReportsIt() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive(\.response)
    } matching: { issue in
      message(of: issue) == "Expected to receive an action matching case path, but didn't get one."
    }
    await withKnownIssue {
      await store.receive(\.response, 1)
    } matching: { issue in
      message(of: issue) == "Expected to receive an action matching case path, but didn't get one."
    }
    await withKnownIssue {
      await store.receive { $0 == .noop }
    } matching: { issue in
      message(of: issue) == "Expected to receive an action matching predicate, but didn't get one."
    }
  }

  @Test
  func receivingAnotherCaseThanExpectedDumpsTheAction() async {
    let store = makeStore()
    await store.send(.first)
    await withKnownIssue {
      await store.receive(\.response)
    } matching: { issue in
      message(of: issue) == """
        Received unexpected action.

          MessageFeature.Action.second
        """
    }
  }

  @Test
  func receivingACaseWithAnotherValueReportsTheDifference() async {
    let store = makeStore()
    await store.send(.fetch)
    await withKnownIssue {
      await store.receive(\.response, 2)
    } matching: { issue in
      message(of: issue) == """
        Received unexpected action.

          − MessageFeature.Action.response(2)
          + MessageFeature.Action.response(1)

        (Expected: −, Actual: +)
        """
    }
  }

  @Test
  func finishReportsReceivedActionsNeverAsserted() async {
    let store = makeStore()
    await store.send(.first)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      message(of: issue) == """
        The store received 1 unexpected action.

          Unhandled actions:
            .second

        To fix, explicitly assert against these actions using "store.receive", skip these \
        actions by performing "await store.skipReceivedActions()", or consider using a \
        non-exhaustive test store: "store.exhaustivity = .off".
        """
    }
    // Reported once: not again when the store goes away.
  }

  @Test
  func actionsNeverAssertedAreReportedAtTheEndOfTheTest() async {
    await withKnownIssue {
      let store = makeStore()
      await store.send(.both)
    } matching: { issue in
      message(of: issue) == """
        The store received 2 unexpected actions.

          Unhandled actions:
            .second
            .noop

        To fix, explicitly assert against these actions using "store.receive", skip these \
        actions by performing "await store.skipReceivedActions()", or consider using a \
        non-exhaustive test store: "store.exhaustivity = .off".
        """
    }
  }

  @Test
  func anUnhandledErrorInAnEffectIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.fail)
      await store.finish()
    } matching: { issue in
      guard let location = issue.sourceLocation else { return false }
      return message(of: issue) == """
        An "Effect.run" returned from "\(location.fileID):\(location.line)" threw an unhandled \
        error.

            MessageFeature.Boom()

        All non-cancellation errors must be explicitly handled via the "catch" parameter on \
        "Effect.run", or via a "do" block.
        """
    }
  }

  @Test
  func receiveTimingOutWhileAnEffectRunsReportsItAndTheMissingAction() async {
    let store = makeStore()
    await store.send(.wait)
    await withKnownIssue {
      await store.receive(.noop, timeout: .milliseconds(100))
    } matching: { issue in
      message(of: issue) == """
        Expected to receive an action, but received none after 0.1 seconds.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you \
        wait enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """
        || message(of: issue) == """
          Expected to receive the following action, but didn't.

            MessageFeature.Action.noop
          """
    }
    await store.skipInFlightEffects()
  }

  @Test
  func finishTimingOutReportsTheEffectsStillRunning() async {
    let store = makeStore()
    await store.send(.wait)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(100))
    } matching: { issue in
      message(of: issue) == """
        Expected effects to finish, but there are still effects in-flight after 0.1 seconds.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
        enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """
    }
    await store.skipInFlightEffects()
  }
}

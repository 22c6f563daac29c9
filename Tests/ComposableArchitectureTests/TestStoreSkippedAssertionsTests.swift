import ComposableArchitecture
import Testing

/// Runs `body` and returns the messages of the issues it reported, expected or not.
@MainActor
private func reportedMessages(_ body: () async -> Void) async -> [String] {
  let reporter = RecordingIssueReporter()
  await withIssueReporters([reporter]) {
    await body()
  }
  return reporter.reported
}

// What a test skips is shown, as in TCA, as an expected issue ("Skipped assertions: …"): it
// informs without failing the test. Non-exhaustive stores show it when they show skipped
// assertions; `skipReceivedActions` and `skipInFlightEffects` always do, unless the store is
// non-exhaustive without showing skipped assertions.
@MainActor
@Suite
struct TestStoreSkippedAssertionsTests {
  @Test
  func skippedAssertionsDoNotFailTheTest() async {
    let store = TestStore(initialState: MessageFeature.State()) {
      MessageFeature()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.first)
    await store.receive(.second)
    await store.send(.both)
    await store.send(.wait)
  }

  @Test
  func aStateChangeLeftUnassertedIsShownAsSkipped() async {
    let store = TestStore(initialState: MessageFeature.State()) {
      MessageFeature()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.first)
    let messages = await reportedMessages {
      await store.receive(.second)
    }
    #expect(
      messages == [
        """
        Skipped assertions: …

        State was not expected to change, but a change occurred.

            \u{2007} MessageFeature.State(
            −   count: 0,
            +   count: 1,
            \u{2007}   value: nil
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test
  func skippingReceivedActionsIsShown() async {
    let store = TestStore(initialState: MessageFeature.State()) {
      MessageFeature()
    }
    await store.send(.first)
    let messages = await reportedMessages {
      await store.skipReceivedActions()
    }
    #expect(
      messages == [
        """
        Skipped assertions: …

        1 received action was skipped:

        MessageFeature.Action.second
        """
      ])
    #expect(store.state.count == 1)
  }

  @Test
  func skippingInFlightEffectsIsShown() async {
    let store = TestStore(initialState: MessageFeature.State()) {
      MessageFeature()
    }
    await store.send(.wait)
    let messages = await reportedMessages {
      await store.skipInFlightEffects()
    }
    #expect(
      messages == [
        """
        Skipped assertions: …

        1 in-flight effect was cancelled, originating from:

        MessageFeature.Action.wait
        """
      ])
  }

  @Test
  func aNonExhaustiveStoreNotShowingSkippedAssertionsReportsNothing() async {
    let messages = await reportedMessages {
      let store = TestStore(initialState: MessageFeature.State()) {
        MessageFeature()
      }
      store.exhaustivity = .off
      await store.send(.first)
      await store.send(.first)
      await store.skipReceivedActions()
      await store.send(.wait)
    }
    #expect(messages.isEmpty)
  }
}

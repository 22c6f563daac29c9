import ConcurrencyExtras
import CustomDump

extension TestStore {
  /// Waits for every in-flight effect to finish, reporting an issue after `timeout`
  /// nanoseconds (the store's timeout by default).
  ///
  /// Actions received and not yet asserted when it is called are reported first.
  public func finish(
    timeout nanoseconds: UInt64? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    reportUnhandledActions(harness: self.harness, exhaustivity: self.exhaustivity, at: location)
    let timeout = nanoseconds ?? self.timeout
    let harness = self.harness
    let didFinish = await waitUntil(timeout: timeout) {
      !harness.hasRunningEffects
    }
    guard !didFinish else { return }
    let timeoutMessage =
      timeout != self.timeout
      ? #"try increasing the duration of this assertion's "timeout""#
      : #"configure this assertion with an explicit "timeout""#
    location.report(
      """
      Expected effects to finish, but there are still effects in-flight\
      \(timeout > 0 ? " after \(seconds(timeout)) seconds" : "").

      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
      enough time for it to perform the effect. If you are using a test \
      clock/scheduler, advance it so that the effects may complete, or consider using \
      an immediate clock/scheduler to immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
      \(timeoutMessage).
      """
    )
  }

  /// Waits for every in-flight effect to finish within `duration`.
  public func finish(
    timeout duration: Duration,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.finish(
      timeout: duration.nanoseconds, fileID: fileID, file: filePath, line: line, column: column)
  }

  /// Discards the actions received and not yet asserted, moving the asserted state to the
  /// state after the last of them.
  ///
  /// - Parameter strict: Report an issue when there is nothing to skip.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    let receivedActions = self.harness.receivedActions
    guard !receivedActions.isEmpty else {
      if strict {
        TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
          .report("There were no received actions to skip.")
      }
      return
    }
    TestLocation(fileID: fileID, filePath: filePath, line: line, column: column).reportSkipped(
      skippedActionsMessage(receivedActions.map(\.action), dumpingOneAlone: true),
      exhaustivity: self.exhaustivity == .on ? .off(showSkippedAssertions: true) : self.exhaustivity
    )
    if let last = receivedActions.last(where: { !$0.isStale }) {
      self.state = last.state
    }
    self.harness.receivedActions = []
  }

  /// Stops asserting on the effects still running, so the test can end without waiting for
  /// them.
  ///
  /// As in TCA, the effects are not cancelled: they run on until the store is released, and an
  /// action one of them sends afterwards is received as any other (an exhaustive test asserts
  /// it). The skipped effects are reported as skipped assertions ("… was cancelled, originating
  /// from: …", TCA's words).
  ///
  /// - Parameter strict: Report an issue when there is nothing to skip.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.megaYield()
    let effects = self.harness.removeAllEffects()
    guard !effects.isEmpty else {
      if strict {
        TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
          .report("There were no in-flight effects to skip.")
      }
      return
    }
    let actions = effects.map(\.action)
    TestLocation(fileID: fileID, filePath: filePath, line: line, column: column).reportSkipped(
      """
      \(actions.count) in-flight effect\(actions.count == 1 ? " was" : "s were") cancelled, \
      originating from:

      \(actions.count == 1 ? String(customDumping: actions[0]) : String(customDumping: actions))
      """,
      exhaustivity: self.exhaustivity == .on ? .off(showSkippedAssertions: true) : self.exhaustivity
    )
  }
}

/// The final checks of an exhaustive test: nothing received left unasserted, no effect still
/// running (shown as skipped in a non-exhaustive test that shows skipped assertions).
///
/// It only reads the harness, so it runs on whatever thread releases the store.
func reportEndOfTest<State, Action>(
  harness: TestHarness<State, Action>,
  exhaustivity: Exhaustivity,
  location: TestLocation
) {
  reportUnhandledActions(harness: harness, exhaustivity: exhaustivity, at: location)
  for effect in harness.removeAllEffects() {
    effect.location.report(
      exhaustivity: exhaustivity,
      """
      An effect returned for this action is still running. It must complete before the end of \
      the test.

      To fix, inspect any effects the reducer returns for this action and ensure that all of \
      them complete by the end of the test. There are a few reasons why an effect may not have \
      completed:

      If using async/await in your effect, it may need a little bit of time to properly \
      finish. To fix you can simply perform "await store.finish()" at the end of your test.

      If an effect uses a clock or scheduler (via "receive(on:)", "delay", "debounce", etc.), \
      make sure that you wait enough time for it to perform the effect. If you are using a test \
      clock/scheduler, advance it so that the effects may complete, or consider using an \
      immediate clock/scheduler to immediately perform the effect instead.

      If you are returning a long-living effect (timers, notifications, subjects, etc.), \
      then make sure those effects are torn down by marking the effect ".cancellable" and \
      returning a corresponding cancellation effect ("Effect.cancel") from another action, or, \
      if your effect is driven by a Combine subject, send it a completion.

      If you do not wish to assert on these effects, perform "await \
      store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
      "store.exhaustivity = .off".
      """
    )
  }
}

extension TestLocation {
  /// Reports a failure of an exhaustive test; a non-exhaustive test only shows it as skipped,
  /// when it shows skipped assertions.
  func report(exhaustivity: Exhaustivity, _ message: String) {
    if exhaustivity == .on {
      self.report(message)
    } else {
      self.reportSkipped(message, exhaustivity: exhaustivity)
    }
  }
}

/// Reports the received actions not yet asserted nor reported (as skipped in a non-exhaustive
/// test), and marks them reported.
func reportUnhandledActions<State, Action>(
  harness: TestHarness<State, Action>,
  exhaustivity: Exhaustivity,
  at location: TestLocation
) {
  guard exhaustivity != .off(showSkippedAssertions: false) else { return }
  var receivedActions = harness.receivedActions
  let unreported = receivedActions.indices.filter { !receivedActions[$0].wasReported }
  guard !unreported.isEmpty else { return }
  let actions =
    unreported
    .map { abbreviatedDump(receivedActions[$0].action).indent(by: 4) }
    .joined(separator: "\n")
  location.report(
    exhaustivity: exhaustivity,
    """
    The store received \(unreported.count) unexpected \
    action\(unreported.count == 1 ? "" : "s").

      Unhandled actions:
    \(actions)

    To fix, explicitly assert against these actions using "store.receive", skip these actions \
    by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
    store: "store.exhaustivity = .off".
    """
  )
  for index in unreported {
    receivedActions[index].wasReported = true
  }
  harness.receivedActions = receivedActions
}

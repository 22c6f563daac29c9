@_spi(Internals) import CasePaths
import CustomDump

extension TestStore {
  /// Checks the state an action produced against the test's expectation, reporting a diff of
  /// expected (−) and actual (+) when they differ.
  ///
  /// - Parameters:
  ///   - previous: The state before the action, as last asserted.
  ///   - actual: The state after the action.
  ///   - update: The test's closure turning the state before into the state expected after.
  ///   - skipUnnecessaryModifyFailure: Do not report a closure that changes nothing.
  ///   - nextStackElementID: The stack element id that was next before the action (`nil`: the
  ///     one next now). The closure's appends start there, so that an element it appends gets
  ///     the id the feature gave it; the feature's own next ids do not move.
  func expectState(
    previous: State,
    actual: State,
    update: ((inout State) throws -> Void)?,
    skipUnnecessaryModifyFailure: Bool = false,
    nextStackElementID: StackElementID? = nil,
    location: TestLocation
  ) {
    // Shared values are part of state: while asserting, they read the value recorded before
    // the feature changed them, the closure edits that, and comparing it with the live value
    // finds a change the test did not assert. A non-exhaustive test skips those changes.
    let tracker = self.sharedChangeTracker
    if self.exhaustivity != .on {
      tracker.reset()
    }
    let hasSharedChanges = tracker.hasChanges
    defer { tracker.reset() }
    tracker.assert {
      self.expectStateAsserting(
        previous: previous, actual: actual, update: update,
        skipUnnecessaryModifyFailure: skipUnnecessaryModifyFailure || hasSharedChanges,
        nextStackElementID: nextStackElementID ?? self.dependencies.stackElementID.peek(),
        location: location)
    }
  }

  private func expectStateAsserting(
    previous: State,
    actual: State,
    update: ((inout State) throws -> Void)?,
    skipUnnecessaryModifyFailure: Bool,
    nextStackElementID: StackElementID,
    location: TestLocation
  ) {
    // `XCTModify` in the closure reports a value left unchanged only in exhaustive tests, and
    // the closure sees the test's dependencies (`@Dependency(\.date.now)` reads its override).
    let isExhaustive = self.exhaustivity == .on
    let dependencies = self.dependencies
    let update = update.map { update in
      { (state: inout State) throws in
        // Each run of the closure (a non-exhaustive test may run it twice) starts from the same
        // id, and the generator is put back where the feature left it.
        let stackElementIDs = dependencies.stackElementID
        let featuresNext = stackElementIDs.peek()
        stackElementIDs.rewind(to: nextStackElementID)
        defer { stackElementIDs.rewind(to: featuresNext) }
        try withDependencies {
          $0 = dependencies
        } operation: {
          try XCTModifyLocals.$isExhaustive.withValue(isExhaustive) {
            try update(&state)
          }
        }
      }
    }
    do {
      switch self.exhaustivity {
      case .on:
        var expected = previous
        if let update {
          try update(&expected)
        }
        if expected != actual {
          location.report(
            """
            \(update == nil
              ? "State was not expected to change, but a change occurred"
              : "A state change does not match expectation").

            \(self.difference(expected: expected, actual: actual))
            """
          )
        } else if update != nil, previous == actual, !skipUnnecessaryModifyFailure {
          location.report(
            """
            Expected state to change, but no change occurred.

            The trailing closure made no observable modifications to state. If no change to \
            state is expected, omit the trailing closure.
            """
          )
        }

      case let .off(showSkippedAssertions):
        var expected = actual
        if let update {
          try update(&expected)
        }
        if expected != actual {
          location.report(
            """
            A state change does not match expectation.

            \(self.difference(expected: expected, actual: actual))
            """
          )
        } else if showSkippedAssertions {
          var expectedFromPrevious = previous
          if let update {
            try update(&expectedFromPrevious)
          }
          if expectedFromPrevious != actual {
            location.reportSkipped(
              """
              \(update == nil
                ? "State was not expected to change, but a change occurred"
                : "A state change does not match expectation").

              \(self.difference(expected: expectedFromPrevious, actual: actual))
              """,
              exhaustivity: self.exhaustivity
            )
          }
        }
      }
    } catch {
      location.report("Threw error: \(error)")
    }
  }

  private func difference(expected: State, actual: State) -> String {
    CustomDump.diff(expected, actual, format: .proportional)
      .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" }
        ?? """
        Expected:
        \(String(describing: expected).indent(by: 2))

        Actual:
        \(String(describing: actual).indent(by: 2))
        """
  }
}

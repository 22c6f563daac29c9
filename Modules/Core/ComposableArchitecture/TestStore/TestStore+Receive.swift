import ConcurrencyExtras
import CustomDump
import Foundation

extension TestStore {
  /// Asserts that an effect sent `expectedAction`, and how it changed state.
  public func receive(
    _ expectedAction: Action,
    timeout nanoseconds: UInt64? = nil,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await self.receiveAction(
      matching: { $0 == expectedAction },
      failureMessage: """
        Expected to receive the following action, but didn't.

        \(String(customDumping: expectedAction).indent(by: 2))
        """,
      unexpectedActionDescription: { received in
        CustomDump.diff(expectedAction, received, format: .proportional)
          .map { "\($0.indent(by: 4))\n\n(Expected: −, Received: +)" }
            ?? """
            Expected:
            \(String(describing: expectedAction).indent(by: 2))

            Received:
            \(String(describing: received).indent(by: 2))
            """
      },
      timeout: nanoseconds, update: updateStateToExpectedState,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent `expectedAction` within `duration`.
  public func receive(
    _ expectedAction: Action,
    timeout duration: Duration,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await self.receive(
      expectedAction, timeout: duration.nanoseconds, assert: updateStateToExpectedState,
      fileID: fileID, file: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action for which `isMatching` is true.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout nanoseconds: UInt64? = nil,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receiveAction(
      matching: isMatching,
      failureMessage: "Expected to receive an action matching predicate, but didn't get one.",
      unexpectedActionDescription: { String(customDumping: $0).indent(by: 2) },
      timeout: nanoseconds, update: updateStateToExpectedState,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action of a case, whatever its associated value.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout nanoseconds: UInt64? = nil,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receiveAction(
      matching: { extract(actionCase, from: $0) != nil },
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { String(customDumping: $0).indent(by: 2) },
      timeout: nanoseconds, update: updateStateToExpectedState,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action of a case within `duration`.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout duration: Duration,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receive(
      actionCase, timeout: duration.nanoseconds, assert: updateStateToExpectedState,
      fileID: fileID, file: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action of a case with the given associated value.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout nanoseconds: UInt64? = nil,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receiveAction(
      matching: { extract(actionCase, from: $0) == value },
      failureMessage: "Expected to receive an action matching case path, but didn't get one.",
      unexpectedActionDescription: { received in
        guard
          extract(actionCase, from: received) != nil,
          let difference = CustomDump.diff(actionCase(value), received, format: .proportional)
        else { return String(customDumping: received).indent(by: 2) }
        return "\(difference.indent(by: 2))\n\n(Expected: −, Actual: +)"
      },
      timeout: nanoseconds, update: updateStateToExpectedState,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action of a case with the given associated value, within
  /// `duration`.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout duration: Duration,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receive(
      actionCase, value, timeout: duration.nanoseconds, assert: updateStateToExpectedState,
      fileID: fileID, file: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action for which `isMatching` is true, within `duration`.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout duration: Duration,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receive(
      isMatching, timeout: duration.nanoseconds, assert: updateStateToExpectedState,
      fileID: fileID, file: filePath, line: line, column: column)
  }

  private func receiveAction(
    matching isMatching: (Action) -> Bool,
    failureMessage: @autoclosure () -> String,
    unexpectedActionDescription: (Action) -> String,
    timeout nanoseconds: UInt64?,
    update: ((inout State) throws -> Void)?,
    location: TestLocation
  ) async {
    if self.harness.hasRunningEffects {
      await self.waitForAction(matching: isMatching, timeout: nanoseconds, location: location)
    }
    self.takeReceivedAction(
      matching: isMatching, failureMessage: failureMessage(),
      unexpectedActionDescription: unexpectedActionDescription, update: update,
      location: location)
    if self.harness.hasRunningEffects {
      await Task.megaYield()
    }
  }

  /// Waits until an action has been received (a matching one, when not exhaustive), reporting
  /// an issue after the timeout.
  private func waitForAction(
    matching isMatching: (Action) -> Bool,
    timeout nanoseconds: UInt64?,
    location: TestLocation
  ) async {
    let timeout = nanoseconds ?? self.timeout
    let harness = self.harness
    let isExhaustive = self.exhaustivity == .on
    let didReceive = await waitUntil(timeout: timeout) {
      isExhaustive
        ? harness.hasReceivedActions
        : harness.receivedActions.contains { isMatching($0.action) }
    }
    guard !didReceive else { return }
    let suggestion: String
    if !harness.hasRunningEffects {
      suggestion = """
        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
    } else {
      let timeoutMessage =
        timeout != self.timeout
        ? #"try increasing the duration of this assertion's "timeout""#
        : #"configure this assertion with an explicit "timeout""#
      suggestion = """
        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you \
        wait enough time for it to perform the effect. If you are using a test \
        clock/scheduler, advance it so that the effects may complete, or consider using \
        an immediate clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
        \(timeoutMessage).
        """
    }
    location.report(
      """
      Expected to receive \(isExhaustive ? "an action" : "a matching action"), but received \
      none\(timeout > 0 ? " after \(seconds(timeout)) seconds" : "").

      \(suggestion)
      """
    )
  }

  /// Asserts the oldest received action (the first matching one, when not exhaustive) and the
  /// state it produced.
  private func takeReceivedAction(
    matching isMatching: (Action) -> Bool,
    failureMessage: @autoclosure () -> String,
    unexpectedActionDescription: (Action) -> String,
    update: ((inout State) throws -> Void)?,
    location: TestLocation
  ) {
    var receivedActions = self.harness.receivedActions
    if self.exhaustivity != .on {
      guard let index = receivedActions.firstIndex(where: { isMatching($0.action) }) else {
        location.report(failureMessage())
        return
      }
      let skippedActions = receivedActions.prefix(index)
      if let last = skippedActions.last {
        location.reportSkipped(
          skippedActionsMessage(skippedActions.map(\.action), dumpingOneAlone: false),
          exhaustivity: self.exhaustivity)
        self.state = last.state
      }
      receivedActions.removeFirst(index)
    }
    guard !receivedActions.isEmpty else {
      location.report(failureMessage())
      return
    }
    let received = receivedActions.removeFirst()
    self.harness.receivedActions = receivedActions
    guard isMatching(received.action) else {
      location.report(
        """
        Received unexpected action.

        \(unexpectedActionDescription(received.action))
        """
      )
      if !received.isStale {
        self.state = received.state
      }
      return
    }
    // An action received before a later send is checked against the state it started from; the
    // asserted state has already moved past it.
    let previous = received.isStale ? received.stateBefore : self.state
    self.expectState(
      previous: previous, actual: received.state, update: update,
      nextStackElementID: received.nextStackElementID, location: location)
    if !received.isStale {
      self.state = received.state
    }
  }
}

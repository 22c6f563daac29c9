import ConcurrencyExtras
import CustomDump
import Dependencies
import IssueReporting

/// A store for tests that checks, step by step, how a feature's state changes, which actions
/// its effects send back, and that no effect is left running.
///
/// ```swift
/// @Test
/// func increment() async {
///   let store = TestStore(initialState: Counter.State()) {
///     Counter()
///   }
///   await store.send(.incrementButtonTapped) {
///     $0.count = 1
///   }
/// }
/// ```
///
/// By default the store is exhaustive: every state change must be asserted in the trailing
/// closure, every action an effect sends must be received with
/// ``receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)``, and every
/// effect must have finished by the end of the test. Failures are reported as test issues with
/// a diff of expected (−) and actual (+) state.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as of the last assertion.
  public private(set) var state: State

  /// How strictly the store checks the test.
  public var exhaustivity: Exhaustivity = .on

  /// The default time, in nanoseconds, that receiving an action or finishing effects waits:
  /// one second.
  public var timeout: UInt64

  /// The dependencies the feature runs with; change them between steps as the test needs.
  public var dependencies: DependencyValues {
    get { self.core.dependencies }
    set { self.core.dependencies = newValue }
  }

  private let core: RootCore<TestReducer<State, Action>>
  private let harness: TestHarness<State, Action>
  private let location: TestLocation

  /// Creates a test store running `reducer` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for the test.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let (initialState, reducer, dependencies) = withDependencies {
      // Stack element ids count from 0 in every test, so tests can name them.
      $0.stackElementID = .incrementing()
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues._current)
    }
    let harness = TestHarness<State, Action>()
    self.state = initialState
    self.timeout = 1_000_000_000
    self.harness = harness
    self.location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.core = RootCore(
      initialState: initialState,
      reducer: TestReducer(base: Reduce(reducer), harness: harness),
      dependencies: dependencies
    )
  }

  deinit {
    // Runs synchronously where the test releases the store, so the issues it reports are
    // attributed to that test (an isolated deinit would run without the test's task locals).
    MainActor.assumeIsolated {
      self.completed()
    }
  }

  // MARK: - Sending

  /// Sends an action and asserts how it changed state.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedState: Mutates the state before the action into the state
  ///     expected after it. Omit it when the action should not change state.
  /// - Returns: The action's effects, to finish or cancel.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !self.harness.receivedActions.isEmpty {
      if self.exhaustivity == .on {
        location.report(
          """
          Must handle \(self.harness.receivedActions.count) received \
          action\(self.harness.receivedActions.count == 1 ? "" : "s") before sending an action: …

          Unhandled actions: \(self.describe(self.harness.receivedActions.map(\.action)))
          """
        )
      } else {
        self.skipped(
          "received actions before sending an action", self.harness.receivedActions.map(\.action))
      }
      if let last = self.harness.receivedActions.last {
        self.state = last.state
      }
      self.harness.receivedActions.removeAll()
    }
    let previousState = self.state
    self.harness.location = location
    self.harness.sentState = nil
    let task = self.core.send(.send(action))
    let actualState = self.harness.sentState ?? self.core.state
    self.expectState(
      previous: previousState, actual: actualState, update: updateStateToExpectedState,
      location: location)
    self.state = actualState
    if task != nil {
      // Lets the effects just started begin, as a test expects of an awaited send.
      await Task.megaYield()
    }
    return TestStoreTask(rawValue: task?.waitingTask, timeout: self.timeout)
  }

  /// Sends the action of a case key path's case with its associated value.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      action(value), assert: updateStateToExpectedState,
      fileID: fileID, file: filePath, line: line, column: column)
  }

  /// Sends the action of a case key path's case without associated value.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedState: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      action(()), assert: updateStateToExpectedState,
      fileID: fileID, file: filePath, line: line, column: column)
  }

  // MARK: - Receiving

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
      expected: String(customDumping: expectedAction),
      mismatch: { received in
        CustomDump.diff(expectedAction, received, format: .proportional)
          .map { "\($0.indent(by: 4))\n\n(Expected: −, Received: +)" }
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
      expected: "an action matching the predicate",
      mismatch: { _ in nil },
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
      expected: "an action of the expected case",
      mismatch: { _ in nil },
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
      expected: "an action of the expected case with value \(String(customDumping: value))",
      mismatch: { received in
        guard let receivedValue = extract(actionCase, from: received) else { return nil }
        return CustomDump.diff(value, receivedValue, format: .proportional)
          .map { "\($0.indent(by: 4))\n\n(Expected: −, Received: +)" }
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
    expected: String,
    mismatch: (Action) -> String?,
    timeout nanoseconds: UInt64?,
    update: ((inout State) throws -> Void)?,
    location: TestLocation
  ) async {
    let timeout = nanoseconds ?? self.timeout
    let harness = self.harness
    let isExhaustive = self.exhaustivity == .on
    let didReceive = await waitUntil(timeout: timeout) {
      isExhaustive
        ? !harness.receivedActions.isEmpty
        : harness.receivedActions.contains { isMatching($0.action) }
    }
    guard didReceive else {
      let reason =
        self.harness.inFlightEffects.isEmpty
        ? "There are no in-flight effects that could deliver this action. Could the effect you "
          + "expected to deliver this action have been cancelled?"
        : "An effect is still in flight; it may need more time, or it never sends this action."
      let skipped =
        self.harness.receivedActions.isEmpty
        ? ""
        : "\n\nUnmatched received actions: \(self.describe(self.harness.receivedActions.map(\.action)))"
      location.report(
        """
        Expected to receive \(expected), but received none after \(seconds(timeout)) \
        second\(timeout == 1_000_000_000 ? "" : "s").

        \(reason)\(skipped)
        """
      )
      return
    }
    if !isExhaustive {
      let index = self.harness.receivedActions.firstIndex { isMatching($0.action) }!
      let skippedActions = self.harness.receivedActions.prefix(index).map(\.action)
      if !skippedActions.isEmpty {
        self.skipped("received actions", skippedActions)
      }
      self.harness.receivedActions.removeFirst(index)
    }
    let (receivedAction, receivedState) = self.harness.receivedActions.removeFirst()
    if !isMatching(receivedAction) {
      let difference =
        mismatch(receivedAction)
        ?? "Expected:\n\(expected.indent(by: 2))\n\nReceived:\n\(String(customDumping: receivedAction).indent(by: 2))"
      location.report("Received unexpected action: …\n\n\(difference)")
    }
    self.expectState(
      previous: self.state, actual: receivedState, update: update, location: location)
    self.state = receivedState
    if !self.harness.inFlightEffects.isEmpty {
      await Task.megaYield()
    }
  }

  // MARK: - Ending

  /// Waits for every in-flight effect to finish, reporting an issue after `timeout`
  /// nanoseconds (the store's timeout by default).
  public func finish(
    timeout nanoseconds: UInt64? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = nanoseconds ?? self.timeout
    let harness = self.harness
    let didFinish = await waitUntil(timeout: timeout) {
      harness.inFlightEffects.isEmpty
    }
    if !didFinish {
      TestLocation(fileID: fileID, filePath: filePath, line: line, column: column).report(
        """
        Expected effects to finish, but there are still effects in-flight after \
        \(seconds(timeout)) second\(timeout == 1_000_000_000 ? "" : "s").
        """
      )
    }
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

  /// Asserts the current state, for changes made outside of sent and received actions.
  public func assert(
    _ updateStateToExpectedState: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let actual = self.core.state
    self.expectState(
      previous: self.state, actual: actual, update: updateStateToExpectedState, location: location)
    self.state = actual
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
    guard let last = self.harness.receivedActions.last else {
      if strict {
        TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
          .report("There were no received actions to skip.")
      }
      return
    }
    self.state = last.state
    self.harness.receivedActions.removeAll()
  }

  /// Cancels the effects still running, so the test can end without waiting for them.
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
    guard !self.harness.inFlightEffects.isEmpty else {
      if strict {
        TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
          .report("There were no in-flight effects to skip.")
      }
      return
    }
    for effect in self.harness.inFlightEffects.values {
      self.core.registry.cancel(key: effect.key)
    }
    self.harness.inFlightEffects.removeAll()
  }

  /// Runs `operation` with another exhaustivity, then restores this one.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let saved = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = saved }
    return try await operation()
  }

  /// The final checks of an exhaustive test: nothing received left unasserted, no effect still
  /// running.
  private func completed() {
    guard self.exhaustivity == .on else { return }
    if !self.harness.receivedActions.isEmpty {
      self.location.report(
        """
        The store received \(self.harness.receivedActions.count) unexpected \
        action\(self.harness.receivedActions.count == 1 ? "" : "s") by the end of this test: …

          Unhandled actions: \(self.describe(self.harness.receivedActions.map(\.action)))
        """
      )
      self.harness.receivedActions.removeAll()
    }
    for effect in self.harness.inFlightEffects.values.sorted(by: {
      $0.location.line < $1.location.line
    }) {
      effect.location.report(
        """
        An effect returned for this action is still running. It must complete before the end \
        of the test. …

          Action: \(debugCaseOutput(effect.action))

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not \
        have completed:

        • If using async/await in your effect, it may need a little bit of time to properly \
        finish. To fix you can simply perform "await store.finish()" at the end of your test.

        • If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", \
        etc.), make sure that you wait enough time for it to perform the effect. If you are \
        using a test clock, advance it so that the effects may complete, or consider using an \
        immediate clock to immediately perform the effect instead.

        • If you are returning a long-living effect (timers, notifications, subjects, etc.), \
        then make sure those effects are torn down by marking the effect ".cancellable" and \
        returning a corresponding cancellation effect ("Effect.cancel") from another action, \
        or, if your effect is driven by a Combine subject, send it a completion.

        • If you do not wish to assert on these effects, perform "await \
        store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
        "store.exhaustivity = .off".
        """
      )
    }
    self.harness.inFlightEffects.removeAll()
  }

  // MARK: - Comparing state

  private func expectState(
    previous: State,
    actual: State,
    update: ((inout State) throws -> Void)?,
    location: TestLocation
  ) {
    do {
      switch self.exhaustivity {
      case .on:
        var expected = previous
        if let update {
          try update(&expected)
        }
        if expected != actual {
          let message =
            update == nil
            ? "State was not expected to change, but a change occurred: …"
            : "A state change does not match expectation: …"
          location.report("\(message)\n\n\(self.difference(expected: expected, actual: actual))")
        } else if update != nil, previous == actual {
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
            A state change does not match expectation: …

            \(self.difference(expected: expected, actual: actual))
            """
          )
        } else if showSkippedAssertions {
          var expectedFromPrevious = previous
          if let update {
            try update(&expectedFromPrevious)
          }
          if expectedFromPrevious != actual {
            print(
              """
              Skipped assertions: …

              \(self.difference(expected: expectedFromPrevious, actual: actual))
              """
            )
          }
        }
      }
    } catch {
      location.report("Threw error: \(error)")
    }
  }

  private func difference(expected: State, actual: State) -> String {
    guard let difference = CustomDump.diff(expected, actual, format: .proportional) else {
      return """
        Expected:
        \(String(customDumping: expected).indent(by: 2))

        Actual:
        \(String(customDumping: actual).indent(by: 2))
        """
    }
    return "\(difference.indent(by: 4))\n\n(Expected: −, Actual: +)"
  }

  private func describe(_ actions: [Action]) -> String {
    actions.map { String(customDumping: $0) }.joined(separator: "\n").indent(by: 2)
      .dropFirst(2).description
  }

  private func skipped(_ what: String, _ actions: [Action]) {
    guard case .off(showSkippedAssertions: true) = self.exhaustivity else { return }
    print(
      "Skipped \(what):\n\(actions.map { String(customDumping: $0) }.joined(separator: "\n").indent(by: 2))"
    )
  }
}

/// A test store of a reducer's state and actions: `TestStoreOf<Counter>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

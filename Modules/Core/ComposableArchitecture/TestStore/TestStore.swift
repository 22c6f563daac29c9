import ConcurrencyExtras
import CustomDump
@_spi(Internals) import Dependencies
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
///
/// While it exists, the store runs every task on the main serial executor (see
/// ``useMainSerialExecutor``), so effects run in a deterministic order. The store can be made,
/// used and released in any test, on the main actor or not; the end-of-test checks run where
/// it is released.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The state as of the last assertion.
  public internal(set) var state: State {
    get { lastAssertedState }
    set { lastAssertedState = newValue }
  }

  /// ``state``'s storage, which `deinit` reads too (it runs wherever the test releases the
  /// store, when nothing else can reach it).
  nonisolated(unsafe) private var lastAssertedState: State

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

  /// Whether every task runs on the main serial executor while the store exists: `true` by
  /// default, which makes the order in which effects run deterministic.
  ///
  /// Set it to `false` to let effects run on the global concurrent executor. The setting is the
  /// process's: when the store goes away, it restores the value it found when it was made.
  public var useMainSerialExecutor: Bool {
    get { uncheckedUseMainSerialExecutor }
    set { uncheckedUseMainSerialExecutor = newValue }
  }

  /// The main serial executor setting this store found when it was made, restored when it goes.
  private let originalUseMainSerialExecutor: Bool
  let core: RootCore<TestReducer<State, Action>>
  /// Whether the root reducer dismissed the store, which then takes no more actions.
  let dismissal: TestStoreDismissal

  /// Whether the store's feature dismissed itself (`@Dependency(\.dismiss)` called outside any
  /// presentation, as a screen that closes itself does): its effects are cancelled, and it takes
  /// no more actions.
  public var isDismissed: Bool {
    self.dismissal.isDismissed
  }
  /// The changes the feature makes to shared values, which the test must assert.
  let sharedChangeTracker = _SharedChangeTracker(reportUnassertedChanges: false)
  let harness: TestHarness<State, Action>
  let location: TestLocation

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
    XCTestCaseStart.resetDependenciesUnlessObserved()
    let dismissal = TestStoreDismissal()
    let (initialState, reducer, dependencies) = withDependencies {
      // Stack element ids count from 0 in every test, so tests can name them.
      $0.stackElementID = .incrementing()
      // The root reducer's `dismiss()` dismisses the test store, as in TCA, unless the test
      // gave one by hand, here or around the store (`withDependencies { $0.dismiss = … }`).
      if !$0.dismiss.isGivenByHand {
        $0.dismiss = DismissEffect(dismissingRoot: { dismissal.dismiss() })
      }
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues._current)
    }
    let harness = TestHarness<State, Action>()
    self.lastAssertedState = initialState
    self.timeout = 1_000_000_000
    self.harness = harness
    self.location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.core = RootCore(
      initialState: initialState,
      reducer: TestReducer(base: Reduce(reducer), harness: harness),
      dependencies: dependencies
    )
    self.dismissal = dismissal
    dismissal.registry = self.core.registry
    self.originalUseMainSerialExecutor = uncheckedUseMainSerialExecutor
    uncheckedUseMainSerialExecutor = true
  }

  deinit {
    uncheckedUseMainSerialExecutor = self.originalUseMainSerialExecutor
    // Runs synchronously where the test releases the store, on whatever thread that is, so the
    // issues it reports are attributed to that test (an isolated deinit would run later,
    // without the test's task locals). It reads only the harness, which is thread-safe.
    reportEndOfTest(
      harness: self.harness, exhaustivity: self.exhaustivity, location: self.location)
    if self.exhaustivity == .on, self.sharedChangeTracker.hasChanges {
      // Compared with itself while asserting, the state's shared values diff as the value last
      // asserted (−) against the live one (+).
      let state = self.lastAssertedState
      let difference = self.sharedChangeTracker.assert {
        CustomDump.diff(state, state, format: .proportional)
      }
      self.location.report(
        """
        Test store completed before asserting against changes to shared state\
        \(difference.map { ": …\n\n\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" } ?? ".")

        Invoke "TestStore.assert" at the end of this test to assert against changes to shared \
        state.
        """
      )
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
    guard !self.dismissal.isDismissed else {
      location.report("Can't send action to dismissed test store.")
      return TestStoreTask(rawValue: nil, timeout: self.timeout)
    }
    var previousState = self.state
    let receivedActions = self.harness.receivedActions
    if let last = receivedActions.last {
      switch self.exhaustivity {
      case .on:
        location.report(
          """
          Must handle \(receivedActions.count) received \
          action\(receivedActions.count == 1 ? "" : "s") before sending an action.

          Unhandled actions: \(String(customDumping: receivedActions.map(\.action)))
          """
        )
        // They stay for the next `receive`, checked against the state they started from; this
        // action's change is checked on its own.
        self.harness.receivedActions = receivedActions.map {
          var received = $0
          received.isStale = true
          return received
        }
      case .off:
        location.reportSkipped(
          skippedActionsMessage(receivedActions.map(\.action), dumpingOneAlone: true),
          exhaustivity: self.exhaustivity)
        self.harness.receivedActions = []
      }
      // The state after them, unless an earlier send already moved past them.
      if !last.isStale {
        previousState = last.state
      }
    }
    self.harness.location = location
    self.harness.sentState = nil
    let nextStackElementID = self.dependencies.stackElementID.peek()
    let task = self.sharedChangeTracker.track { self.core.send(.send(action)) }
    let actualState = self.harness.sentState ?? self.core.state
    self.expectState(
      previous: previousState, actual: actualState, update: updateStateToExpectedState,
      nextStackElementID: nextStackElementID, location: location)
    self.state = actualState
    if task != nil {
      // Lets the effects just started begin, as a test expects of an awaited send.
      await Task.megaYield(count: 20)
    } else {
      // As TCA's does after every send: what the change started on the main actor (an
      // `observe` running again) runs before `send` returns.
      await Task.yield()
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
      previous: self.state, actual: actual, update: updateStateToExpectedState,
      skipUnnecessaryModifyFailure: true, location: location)
    self.state = actual
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
}

/// A test store of a reducer's state and actions: `TestStoreOf<Counter>`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable

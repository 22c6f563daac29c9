import CustomDump
import Dispatch

extension Reducer {
  /// Prints every action the reducer receives and the change it made to state: a debugging
  /// aid that has no effect in release builds. A change to a `@Shared` value shows as its value
  /// before the action (−) against the new one (+); inside a test store it is left to the
  /// store's assertions, which show it.
  ///
  /// ```
  /// received action:
  ///   Counter.Action.incrementButtonTapped
  ///   Counter.State(
  /// −   count: 0
  /// +   count: 1
  ///   )
  ///
  /// ```
  @inlinable
  @warn_unqualified_access
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// How ``Reducer/_printChanges(_:)`` prints a step.
public struct _ReducerPrinter<State, Action>: Sendable {
  @usableFromInline
  let _printChange:
    @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  /// Where the printer runs: `nil` prints as the reducer runs, before the action's effects;
  /// a queue prints there later, in order.
  @usableFromInline
  let queue: DispatchQueue?

  /// Creates a printer from a closure, run on `queue` when one is given (asynchronously, in
  /// the order of the actions), else as the reducer runs.
  public init(
    printChange:
      @escaping @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void,
    queue: DispatchQueue? = nil
  ) {
    self._printChange = printChange
    self.queue = queue
  }

  /// Prints one step: the action received and the states before and after it.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    self._printChange(receivedAction, oldState, newState)
  }

  /// Prints the action and a diff of the state, each step followed by a blank line.
  public static var customDump: Self {
    customDump { print($0) }
  }

  /// Hands each step, formatted as ``customDump`` prints it (ending in a newline, which
  /// `print` follows with the blank line between steps), to `write`: to keep the log somewhere
  /// other than standard output, such as a file.
  ///
  /// ```swift
  /// Feature()._printChanges(.customDump { text in log.append(text + "\n") })
  /// ```
  public static func customDump(_ write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, newState in
      var output = "received action:\n"
      CustomDump.customDump(action, to: &output, indent: 2)
      output += "\n"
      output += diff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n"
      write(output)
    }
  }

  /// Prints only the case of each action.
  public static var actionLabels: Self {
    Self { action, _, _ in
      print("received action: \(debugCaseOutput(action))")
    }
  }
}

/// The reducer made by ``Reducer/_printChanges(_:)``.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  /// The body of the base reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let baseBody = _ReducerBodyCache.for(Base.self)
  @usableFromInline let printer: _ReducerPrinter<Base.State, Base.Action>?

  @inlinable
  init(base: Base, printer: _ReducerPrinter<Base.State, Base.Action>?) {
    self.base = base
    self.printer = printer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      if let printer = self.printer {
        // A shared value in the state is one reference in the states before and after: its
        // change shows as the value recorded before it (−) against the live one (+), as a test
        // store shows it. Inside a test store, whose tracker records from its last assertion,
        // shared values show no change here: its assertions show them.
        let oldState = state
        guard _SharedChangeTracker.current == nil else {
          let effects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
          printer.printStep(action, oldState, state)
          return effects
        }
        let tracker = _SharedChangeTracker(reportUnassertedChanges: false)
        let effects = tracker.track {
          self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
        }
        printer.printStep(action, oldState, state, asserting: tracker)
        return effects
      }
    #endif
    return self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
  }
}

extension _PrintChangesReducer: Sendable where Base: Sendable {}

extension _ReducerPrinter {
  /// Prints one step, on the printer's queue when it has one; with `tracker`, shared values
  /// show the change it recorded (− before, + after), and the tracker is reset afterwards.
  @usableFromInline
  func printStep(
    _ action: Action, _ oldState: State, _ newState: State,
    asserting tracker: _SharedChangeTracker? = nil
  ) {
    let step = { @Sendable (action: Action, oldState: State, newState: State) in
      guard let tracker else {
        self._printChange(action, oldState, newState)
        return
      }
      tracker.assert { self._printChange(action, oldState, newState) }
      tracker.reset()
    }
    guard let queue else { return step(action, oldState, newState) }
    let values = UncheckedSendable((action, oldState, newState))
    queue.async { step(values.value.0, values.value.1, values.value.2) }
  }
}

import CustomDump

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
  /// ```
  @inlinable
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// How ``Reducer/_printChanges(_:)`` prints a step.
public struct _ReducerPrinter<State, Action>: Sendable {
  @usableFromInline
  let printChange:
    @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  /// Creates a printer from a closure.
  public init(
    printChange:
      @escaping @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  ) {
    self.printChange = printChange
  }

  /// Prints the action and a diff of the state.
  public static var customDump: Self {
    customDump { print($0) }
  }

  /// Hands each step, formatted as ``customDump`` prints it (without the final newline), to
  /// `write`: to keep the log somewhere other than standard output, such as a file.
  ///
  /// ```swift
  /// Feature()._printChanges(.customDump { text in log.append(text + "\n") })
  /// ```
  public static func customDump(_ write: @escaping @Sendable (String) -> Void) -> Self {
    Self { action, oldState, newState in
      var output = "received action:\n"
      CustomDump.customDump(action, to: &output, indent: 2)
      output += "\n"
      if let diff = diff(oldState, newState) {
        output += diff.indent(by: 2)
      } else {
        output += "  (No state changes)"
      }
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
          printer.printChange(action, oldState, state)
          return effects
        }
        let tracker = _SharedChangeTracker(reportUnassertedChanges: false)
        defer { tracker.reset() }
        let effects = tracker.track {
          self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
        }
        tracker.assert { printer.printChange(action, oldState, state) }
        return effects
      }
    #endif
    return self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
  }
}

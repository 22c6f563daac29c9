/// The state of a presented child feature (a sheet, an alert, a pushed detail), or `nil` when
/// nothing is presented; declared with `@Presents`:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// ```
///
/// `$destination` is the `PresentationState` itself, which
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-(WritableKeyPath<State,PresentationState<DestinationState>>,_,_,_,_,_,_)``
/// takes.
public struct PresentationState<State> {
  /// The presented state, or `nil`.
  public var wrappedValue: State?

  /// Creates presentation state.
  public init(wrappedValue: State?) {
    self.wrappedValue = wrappedValue
  }

  /// The presentation state itself.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// The presented state in one case of an enum destination, if it is in that case.
  public subscript<Case>(case keyPath: CaseKeyPath<State, Case>) -> Case?
  where State: CasePathable {
    get { self.wrappedValue.flatMap { $0[case: keyPath] } }
    set {
      guard let newValue else {
        if self.wrappedValue.flatMap({ $0[case: keyPath] }) != nil { self.wrappedValue = nil }
        return
      }
      self.wrappedValue = keyPath(newValue)
    }
  }
}

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: CustomDumpReflectable {
  /// Dumps as the presented state itself.
  public var customDumpMirror: Mirror {
    Mirror(reflecting: self.wrappedValue as Any)
  }
}

/// An action of a presented child: one of its own actions, or a request to dismiss it.
@CasePathable
public enum PresentationAction<Action>: CasePathable {
  /// Dismisses the child: sets its state to `nil` after the parent ran.
  case dismiss
  /// An action of the presented child.
  case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

/// State that is dismissed as soon as it sends an action, like an alert: presenting reducers
/// set it back to `nil` after any `.presented` action.
public protocol _EphemeralState {
  /// The actions its buttons send.
  associatedtype Action
}

extension AlertState: _EphemeralState {}

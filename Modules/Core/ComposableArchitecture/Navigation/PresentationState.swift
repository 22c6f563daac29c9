/// The state of a presented child feature (a sheet, an alert, a pushed detail), or `nil` when
/// nothing is presented; declared with `@Presents` in observable state:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// ```
///
/// or, in state that is not observable, as a property wrapper:
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var destination: Destination.State?
/// }
/// ```
///
/// `$destination` is the `PresentationState` itself, which
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-(WritableKeyPath<State,PresentationState<DestinationState>>,_,_,_,_,_,_)``
/// takes. The presented state is kept in a box shared by copies until one of them changes it,
/// so a feature can present itself (`@Presents var child: Feature.State?` inside
/// `Feature.State`).
@dynamicMemberLookup
@propertyWrapper
public struct PresentationState<State> {
  /// The box holding the presented state, copied before a write when it is shared.
  @usableFromInline
  final class Storage: @unchecked Sendable {
    // Accessed only through `PresentationState`, whose copies share the box until a write
    // copies it: no two accesses to one box overlap, so the run-time check is not needed.
    @exclusivity(unchecked) @usableFromInline var state: State?

    @usableFromInline
    init(state: State?) {
      self.state = state
    }
  }

  @usableFromInline var storage: Storage

  /// The child the presenting reducer last saw presented here, whose effects it cancels once it
  /// is gone (even when another reducer removed it); not part of the state's value.
  @usableFromInline var presentedID: _NavigationIdentity?

  /// Creates presentation state.
  public init(wrappedValue: State?) {
    self.storage = Storage(state: wrappedValue)
  }

  /// Creates presentation state from another one (what `$destination = …` assigns).
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The presented state, or `nil`.
  public var wrappedValue: State? {
    @inlinable
    _read { yield self.storage.state }
    @inlinable
    _modify {
      if !isKnownUniquelyReferenced(&self.storage) {
        self.storage = Storage(state: self.storage.state)
      }
      yield &self.storage.state
    }
  }

  /// The presentation state itself.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// The presented state in one case of an enum destination, as presentation state:
  /// `state.$destination.editor` holds the `editor` case's state when that case is presented.
  public subscript<Case>(
    dynamicMember keyPath: CaseKeyPath<State, Case>
  ) -> PresentationState<Case>
  where State: CasePathable {
    PresentationState<Case>(wrappedValue: self.wrappedValue.flatMap { $0[case: keyPath] })
  }

  /// A property of the presented state, as presentation state.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> PresentationState<Member> {
    PresentationState<Member>(wrappedValue: self.wrappedValue?[keyPath: keyPath])
  }

  /// The presented state in one case of an enum destination, if it is in that case:
  /// `state.$destination[case: \.editor]?.title = "New"`.
  ///
  /// Modifying it while the case is not presented changes nothing and is reported as an issue
  /// ("Can't modify unrelated case"); setting `nil` while the case is presented dismisses it.
  public subscript<Case>(
    case keyPath: CaseKeyPath<State, Case>
  ) -> Case?
  where State: CasePathable {
    _read { yield self.wrappedValue.flatMap { $0[case: keyPath] } }
    _modify {
      let presented = self.wrappedValue
      var value = presented.flatMap { $0[case: keyPath] }
      let wasInCase = value != nil
      yield &value
      guard wasInCase else {
        reportIssue(unrelatedCaseMessage(presented))
        return
      }
      self.wrappedValue = value.map { keyPath($0) }
    }
  }

  /// Runs `body` with the address of the presented state, or `nil` when nothing is presented;
  /// the state is not copied.
  @inlinable
  func withPresentedState<Result>(_ body: (UnsafePointer<State>?) -> Result) -> Result {
    withUnsafePointer(to: &self.storage.state) { presented in
      guard case .some = presented.pointee else { return body(nil) }
      // An optional's payload is stored at its start.
      return body(UnsafeRawPointer(presented).assumingMemoryBound(to: State.self))
    }
  }

  /// Whether the presented child is the one `known` (this state's ``presentedID``) was
  /// worked out from: any presented child when the state type has no identity (`hasIdentity`
  /// false), otherwise one with the same observable identity (mutated in place since).
  @inlinable
  func isPresenting(_ known: _NavigationIdentity, hasIdentity: Bool) -> Bool {
    self.withPresentedState { child in
      guard let child else { return false }
      guard hasIdentity else { return true }
      guard let key = known.key else { return false }
      return observableStateKey(at: child) == key
    }
  }

  /// Whether both share the presented state's box, so that they hold the same state.
  func sharesStorage(with other: Self) -> Bool {
    self.storage === other.storage
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Equal when the presented states are, whichever reducer saw them presented.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesStorage(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.wrappedValue)
  }
}

extension PresentationState: @unchecked Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the presented state (or `nil`), as the optional it wraps.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(State?.self))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the presented state (or `nil`), as the optional it wraps.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.wrappedValue)
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the presented state itself, so `print` and `dump` show the child (or `nil`).
  public var customMirror: Mirror {
    Mirror(reflecting: self.wrappedValue as Any)
  }
}

extension PresentationState: CustomDumpReflectable {
  /// Dumps as the presented state itself.
  public var customDumpMirror: Mirror {
    Mirror(reflecting: self.wrappedValue as Any)
  }
}

/// An action of a presented child: one of its own actions, or a request to dismiss it.
///
/// `presented` is `indirect`, so a feature can present itself (its action holding a
/// `PresentationAction` of its own action).
@CasePathable
public enum PresentationAction<Action>: CasePathable {
  /// Dismisses the child: sets its state to `nil` after the parent ran.
  case dismiss
  /// An action of the presented child.
  indirect case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}

/// State that is dismissed as soon as it sends an action, like an alert: presenting reducers
/// set it back to `nil` after any of its actions.
public protocol _EphemeralState {
  /// The actions its buttons send.
  associatedtype Action
}

extension AlertState: _EphemeralState {}

import Observation
import Synchronization

/// State whose fields can be observed one by one; conform with the ``ObservableState()``
/// macro.
public protocol ObservableState: Observable {
  /// The identity of this value: copies share it, a newly made value has a new one.
  var _$id: ObservableStateID { get }

  /// Runs `body` on the tracked field at `keyPath` in place, or returns `nil` when `keyPath`
  /// is not one of the type's tracked fields.
  ///
  /// Key paths through computed properties (which tracked fields are) read the value into a
  /// temporary and write it back, which copies a collection on every mutation. The runtime
  /// uses this instead, so that a `forEach` row update stays O(1) whatever the row count.
  static func _$modify<Value, Result>(
    _ keyPath: WritableKeyPath<Self, Value>,
    in state: inout Self,
    _ body: (inout Value) -> Result
  ) -> Result?
}

extension ObservableState {
  /// Types without tracked stored fields (for example enums) mutate through key paths.
  public static func _$modify<Value, Result>(
    _ keyPath: WritableKeyPath<Self, Value>,
    in state: inout Self,
    _ body: (inout Value) -> Result
  ) -> Result? {
    nil
  }
}

/// The identity of an ``ObservableState`` value.
///
/// Copies of a value share its identity; a value created anew has a new one. Observation uses
/// it to tell a child state changed in place (notify only the child's fields) from a child
/// state replaced (notify the parent's field too).
///
/// Enum state takes the identity of the state held by its current case, tagged with the case,
/// so the same child moved to another case counts as a new value.
public struct ObservableStateID: Hashable, Sendable {
  @usableFromInline let storage: Storage
  @usableFromInline let tag: Int

  /// Creates a new, unique identity.
  public init() {
    self.storage = Storage()
    self.tag = 0
  }

  @usableFromInline
  init(storage: Storage, tag: Int) {
    self.storage = storage
    self.tag = tag
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage && lhs.tag == rhs.tag
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self.storage))
    hasher.combine(self.tag)
  }

  /// This identity, distinguished by an enum case's position; used by enum state.
  public func _$tag(_ tag: Int) -> Self {
    Self(storage: self.storage, tag: tag)
  }

  /// The identity of the value an enum case holds: its own when it is observable state, and
  /// otherwise one that stays the same (so a presented alert stays the same presentation) but
  /// that observation treats as having no identity (so every change to it is reported).
  public static func _$id<Value>(for value: Value) -> Self {
    (value as? any ObservableState)?._$id ?? Self(storage: .inert, tag: 0)
  }

  /// The identity of an enum case that holds no value.
  public static var _$inert: Self {
    Self(storage: .inert, tag: 0)
  }

  /// Whether this identity stands for a value without one of its own (see ``_$id(for:)``).
  @inlinable
  var isInert: Bool {
    self.storage === Storage.inert
  }

  /// The identity's object; it also remembers whether any field of the value (or of a copy)
  /// was ever read, since only a read can register an observer.
  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline let wasRead = Atomic<Bool>(false)

    /// The storage of identities that stand for values without one.
    @usableFromInline static let inert = Storage()
  }
}

/// A function returning the identity of a state value, or of nothing when the state type is
/// not ``ObservableState``.
func observableStateIdentity<State>(
  of _: State.Type
) -> (UnsafePointer<State>) -> ObservableStateID? {
  guard let observable = State.self as? any ObservableState.Type else {
    return { _ in nil }
  }
  func identity<O: ObservableState>(_: O.Type) -> (UnsafePointer<State>) -> ObservableStateID? {
    { state in state.withMemoryRebound(to: O.self, capacity: 1) { $0.pointee._$id } }
  }
  return identity(observable)
}

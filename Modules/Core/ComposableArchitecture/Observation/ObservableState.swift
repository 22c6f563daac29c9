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
public struct ObservableStateID: Hashable, Sendable {
  @usableFromInline let storage: Storage

  /// Creates a new, unique identity.
  public init() {
    self.storage = Storage()
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self.storage))
  }

  /// The identity's object; it also remembers whether any field of the value (or of a copy)
  /// was ever read, since only a read can register an observer.
  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline let wasRead = Atomic<Bool>(false)
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

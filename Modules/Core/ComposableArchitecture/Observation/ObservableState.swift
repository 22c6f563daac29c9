import Observation
import Synchronization

/// State whose fields can be observed one by one; conform with the ``ObservableState()``
/// macro.
public protocol ObservableState: Observable {
  /// The identity of this value: copies share it, a newly made value has a new one.
  var _$id: ObservableStateID { get }

  /// The tracked field (or `@Presents` projection) at `keyPath`, as a position for
  /// ``_$willModify(field:in:)`` and ``_$didModify(field:in:_:)`` and the key path of the
  /// field's stored property; `nil` when `keyPath` is not one of the type's tracked fields.
  ///
  /// Key paths through computed properties (which tracked fields are) read the value into a
  /// temporary and write it back, which copies a collection on every mutation. The runtime
  /// looks a field up once (when a reducer is built) and then mutates its stored property in
  /// place, reporting to observation around it, so that a `forEach` row update stays O(1)
  /// whatever the row count.
  static func _$field(for keyPath: AnyKeyPath) -> (index: Int, storage: AnyKeyPath)?

  /// Called before the field at `index` is mutated in place through its stored property:
  /// returns `nil` when nothing can be observing the value (no notification will be needed),
  /// and otherwise notifies observers of a plain field and returns the field's identity.
  static func _$willModify(field index: Int, in state: inout Self) -> _$FieldIdentity?

  /// Called after the field at `index` was mutated in place, with what
  /// ``_$willModify(field:in:)`` returned: finishes notifying observers of a plain field, and
  /// notifies observers of a child state's field when the child was replaced.
  static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: _$FieldIdentity)
}

extension ObservableState {
  /// Types without tracked stored fields (for example enums) are mutated through key paths.
  public static func _$field(for keyPath: AnyKeyPath) -> (index: Int, storage: AnyKeyPath)? {
    nil
  }

  /// Types without tracked stored fields have nothing to report.
  public static func _$willModify(field index: Int, in state: inout Self) -> _$FieldIdentity? {
    nil
  }

  /// Types without tracked stored fields have nothing to report.
  public static func _$didModify(
    field index: Int, in state: inout Self, _ identityBefore: _$FieldIdentity
  ) {}
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

  /// The identity's object; it also remembers which fields of the value (or of a copy) were
  /// ever read, since only a read can register an observer: one bit per field (fields are
  /// spread over the 64 bits by a hash of their name; two sharing a bit only cost an extra
  /// notification).
  @usableFromInline
  final class Storage: Sendable {
    @usableFromInline let readFields = Atomic<UInt64>(0)

    /// The storage of identities that stand for values without one.
    @usableFromInline static let inert = Storage()
  }
}

/// The identity of a state value reduced to plain data, cheap to take and compare on every
/// send.
@usableFromInline
struct StateIdentityKey: Equatable {
  @usableFromInline let object: ObjectIdentifier
  @usableFromInline let tag: Int
}

extension ObservableState {
  /// The identity of `state`, as plain data.
  static func _identityKey(of state: inout Self) -> StateIdentityKey {
    let id = state._$id
    return StateIdentityKey(object: ObjectIdentifier(id.storage), tag: id.tag)
  }
}

/// A function returning the identity of a state value, or of nothing when the state type is
/// not ``ObservableState``.
///
/// It works on raw pointers and returns plain data, so that the generic code it runs (the state
/// type is only known as an opened existential) stays cheap.
func observableStateIdentity<State>(
  of _: State.Type
) -> (UnsafeRawPointer) -> StateIdentityKey? {
  guard let observable = State.self as? any ObservableState.Type else {
    return { _ in nil }
  }
  func identity<O: ObservableState>(_: O.Type) -> (UnsafeRawPointer) -> StateIdentityKey? {
    { state in
      // Passing the state `inout` lets the generic code read `_$id` where the state is, rather
      // than copy the whole state first.
      O._identityKey(
        of: &UnsafeMutableRawPointer(mutating: state).assumingMemoryBound(to: O.self).pointee)
    }
  }
  return identity(observable)
}

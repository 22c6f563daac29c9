/// What observation compares, before and after a write, to decide whether a field of an
/// ``ObservableState`` changed: nothing for a plain value (every write is a change), the
/// identity for a child state, and the identities of the elements, in order, for a collection of
/// child states.
///
/// Only the identity is taken, never a copy of the value, so writing a field stays in place and
/// costs the same whatever the field holds.
public enum _$FieldIdentity: Equatable, Sendable {
  /// A plain value: every write notifies observers.
  case untracked
  /// A child state, or an optional one (`nil` when absent), with its identity.
  case identity(ObservableStateID?)
  /// A collection of child states, with its elements' identities in order.
  case elements(_$ElementIdentities)

  /// The identity of a child state, or `.untracked` for enum state whose current case holds a
  /// value without an identity of its own (an alert, say): every write to that is a change.
  @inlinable
  static func of(_ id: ObservableStateID?) -> Self {
    if let id, id.isInert { return .untracked }
    return .identity(id)
  }
}

/// A plain value has no identity: every write to it notifies observers.
@inlinable
public func _$identity<T>(of value: T) -> _$FieldIdentity {
  .untracked
}

/// A child state is identified by its ``ObservableState/_$id``.
@inlinable
public func _$identity<T: ObservableState>(of value: T) -> _$FieldIdentity {
  .of(value._$id)
}

/// An optional child state is identified by its ``ObservableState/_$id``, or by being absent.
@inlinable
public func _$identity<T: ObservableState>(of value: T?) -> _$FieldIdentity {
  .of(value?._$id)
}

/// A plain value in place has no identity.
@inlinable
public func _$identity<T>(of value: inout T) -> _$FieldIdentity {
  .untracked
}

/// A child state in place is identified by its ``ObservableState/_$id``, read without copying
/// the state.
@inlinable
public func _$identity<T: ObservableState>(of value: inout T) -> _$FieldIdentity {
  .of(value._$id)
}

/// An optional child state in place is identified by its ``ObservableState/_$id``, or by being
/// absent.
@inlinable
public func _$identity<T: ObservableState>(of value: inout T?) -> _$FieldIdentity {
  .of(value?._$id)
}

/// Stamps the identity of `value` anew when it is observable state (see ``ObservableStateID``);
/// a generated enum's `_$willModify()` calls it on the value its current case holds.
@inlinable
public func _$willModify<T>(_ value: inout T) {}

/// Stamps the identity of an observable state value anew.
@inlinable
public func _$willModify<T: ObservableState>(_ value: inout T) {
  value._$willModify()
}

/// The identity of a field about to be modified in place while it is observed: a plain value
/// has none.
@inlinable
public func _$identityBeforeModifying<T>(_ value: inout T) -> _$FieldIdentity {
  .untracked
}

/// A child state about to be modified in place is stamped anew first (see
/// ``ObservableStateID``), so that a copy of it made before, put back during the modification,
/// counts as another value.
@inlinable
public func _$identityBeforeModifying<T: ObservableState>(_ value: inout T) -> _$FieldIdentity {
  value._$willModify()
  return .of(value._$id)
}

/// An optional child state about to be modified in place is stamped anew first, when present.
@inlinable
public func _$identityBeforeModifying<T: ObservableState>(_ value: inout T?) -> _$FieldIdentity {
  value?._$willModify()
  return .of(value?._$id)
}

/// Whether writing `newValue` over `oldValue` leaves the field as observers saw it: an equal
/// plain value, which is written without notifying them. A value that cannot be compared always
/// counts as a change.
@inlinable
public func _$isUnchanged<T>(_ oldValue: T, _ newValue: T) -> Bool {
  false
}

/// An equal plain value is no change.
@inlinable
public func _$isUnchanged<T: Equatable>(_ oldValue: T, _ newValue: T) -> Bool {
  oldValue == newValue
}

/// A child state is compared by identity (see ``_$identity(of:)-(T)``), not by value: comparing
/// the whole subtree on every write would cost what the identity spares.
@inlinable
public func _$isUnchanged<T: ObservableState & Equatable>(_ oldValue: T, _ newValue: T) -> Bool {
  false
}

/// An optional child state is compared by identity too.
@inlinable
public func _$isUnchanged<T: ObservableState & Equatable>(_ oldValue: T?, _ newValue: T?) -> Bool {
  false
}

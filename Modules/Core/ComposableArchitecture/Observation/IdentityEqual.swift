/// Whether two values of a field are "the same" for observation: the generated setter of an
/// ``ObservableState`` field notifies observers only when this is false.
///
/// A plain value always counts as changed when written.
@inlinable
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  false
}

/// Two child states are the same when they share an identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

/// Two optional child states are the same when both are absent or they share an identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T?, _ rhs: T?) -> Bool {
  lhs?._$id == rhs?._$id
}

/// Two collections of child states are the same when their elements share identities, in
/// order.
@inlinable
public func _$isIdentityEqual<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

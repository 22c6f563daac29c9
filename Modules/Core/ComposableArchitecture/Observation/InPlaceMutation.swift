/// Runs `body` on a field of an ``ObservableState`` in place; used by generated
/// `_$modify` implementations once a key path is known to name `field`.
@inlinable
public func _$modifyField<Field, Value, Result>(
  _ field: inout Field,
  _ body: (inout Value) -> Result
) -> Result {
  withUnsafeMutablePointer(to: &field) { pointer in
    pointer.withMemoryRebound(to: Value.self, capacity: 1) { body(&$0.pointee) }
  }
}

/// Runs `body` on the value at `keyPath` in place.
///
/// A writable key path through a computed property (as every tracked field of an
/// ``ObservableState`` is) reads the value out, mutates the copy and writes it back, so a
/// collection is copied on every mutation. For observable state this goes through the field's
/// own accessor instead, which mutates in place and notifies observers.
///
/// - Parameter observable: `Root` as an ``ObservableState`` type, when it is one; reducers
///   look it up once, not on every action.
@inlinable
func modify<Root, Value, Result>(
  _ root: inout Root,
  at keyPath: WritableKeyPath<Root, Value>,
  observable: (any ObservableState.Type)?,
  _ body: (inout Value) -> Result
) -> Result {
  if let observable {
    func open<O: ObservableState>(_: O.Type) -> Result? {
      withUnsafeMutablePointer(to: &root) { pointer in
        pointer.withMemoryRebound(to: O.self, capacity: 1) { state in
          O._$modify(
            unsafeDowncast(keyPath, to: WritableKeyPath<O, Value>.self),
            in: &state.pointee,
            body
          )
        }
      }
    }
    if let result = open(observable) {
      return result
    }
  }
  return body(&root[keyPath: keyPath])
}

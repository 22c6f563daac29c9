/// How a reducer mutates a field of its state in place: looked up once when the reducer is
/// built, then used on every action.
///
/// A writable key path through a computed property (as every tracked field of an
/// ``ObservableState`` is) reads the value out, mutates the copy and writes it back, so a
/// collection is copied on every mutation. For a tracked field this goes through the field's
/// stored property instead, in place, and reports to observation around it only when something
/// may be observing the value.
///
/// It is a class so that reducers holding one copy a reference, not its parts, when they run.
@usableFromInline
final class _FieldAccess<Root, Value> {
  /// The key path the reducer was given.
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  /// How to mutate the field in place, when `Root` is observable state and `keyPath` one of its
  /// tracked fields.
  @usableFromInline let observed: _ObservedField<Root, Value>?

  @usableFromInline
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    func observed<O: ObservableState>(_: O.Type) -> _ObservedField<Root, Value>? {
      _ObservedField(O.self, keyPath)
    }
    if let observable = Root.self as? any ObservableState.Type {
      self.observed = observed(observable)
    } else {
      self.observed = nil
    }
  }

  /// The field's value in `root`, read without registering an observation (reducers read
  /// state to decide what to do; that is not a view observing it).
  @inlinable
  func value(in root: Root) -> Value {
    root[keyPath: self.observed?.storage ?? self.keyPath]
  }

  /// Runs `body` on the field of `root` in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let observed = self.observed else {
      return body(&root[keyPath: self.keyPath])
    }
    return withUnsafeMutablePointer(to: &root) { root in
      let identityBefore = observed.willModify(root)
      let result = body(&root.pointee[keyPath: observed.storage])
      if let identityBefore {
        observed.didModify(root, identityBefore)
      }
      return result
    }
  }
}

/// A tracked field of observable state: its stored property, and the functions reporting a
/// mutation of it to observation.
@usableFromInline
final class _ObservedField<Root, Value> {
  @usableFromInline let storage: WritableKeyPath<Root, Value>
  @usableFromInline let willModify: (UnsafeMutablePointer<Root>) -> _$FieldIdentity?
  @usableFromInline let didModify: (UnsafeMutablePointer<Root>, _$FieldIdentity) -> Void

  /// The field of `O` (which `Root` is) at `keyPath`, or `nil` when it is not a tracked field.
  init?<O: ObservableState>(_: O.Type, _ keyPath: WritableKeyPath<Root, Value>) {
    guard let (index, storage) = O._$field(for: keyPath),
      let storage = storage as? WritableKeyPath<Root, Value>
    else { return nil }
    self.storage = storage
    // `Root` is `O`: the pointer is reinterpreted without a generic closure, which would run
    // as unspecialised code on every action.
    self.willModify = { root in
      O._$willModify(
        field: index, in: &UnsafeMutableRawPointer(root).assumingMemoryBound(to: O.self).pointee)
    }
    self.didModify = { root, identityBefore in
      O._$didModify(
        field: index, in: &UnsafeMutableRawPointer(root).assumingMemoryBound(to: O.self).pointee,
        identityBefore)
    }
  }
}

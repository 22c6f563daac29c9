/// How a scoped store reads its state out of its parent's when that state is a tracked field of
/// the parent's observable state: a function from the parent's address to the field's, which
/// registers the read with observation exactly as the field's getter does; `nil` for any other
/// key path (a computed property, a key path through several fields, state that is not
/// observable, a `@Presents` projection, which observation knows under the property's key
/// path), which is read through the key path.
///
/// Reading through the getter copies the field's value out, and a scoped store ten levels deep
/// read its parent's whole state to do it, and its parent the grandparent's, and so on: every
/// level's state copied on every read, through key path machinery that looks up type metadata
/// at each step. Through addresses, a read registers each level's field and copies only the
/// state it returns.
///
/// It is worked out once per key path object (`fieldReads`): a literal `\.child` is one object
/// for the process, and every store scoped with it finds the same function.
@usableFromInline
func observedFieldRead<Root, Value>(
  _ keyPath: KeyPath<Root, Value>
) -> ((UnsafePointer<Root>) -> UnsafePointer<Value>)? {
  let made = fieldReads.value(for: keyPath) { FieldRead(makeObservedFieldRead(keyPath)) }
  return unsafeDowncast(made, to: FieldRead<(UnsafePointer<Root>) -> UnsafePointer<Value>>.self)
    .read
}

/// The read ``observedFieldRead(_:)`` returns, worked out.
private func makeObservedFieldRead<Root, Value>(
  _ keyPath: KeyPath<Root, Value>
) -> ((UnsafePointer<Root>) -> UnsafePointer<Value>)? {
  // `@Presents`' projection (`\.$destination`) is observed under the property's key path
  // (`\.destination`), not the one read here: it is read through its key path.
  guard let observable = Root.self as? any ObservableState.Type,
    !(Value.self is any ObservedUnderAnotherKeyPath.Type)
  else { return nil }
  func read<O: ObservableState>(_: O.Type) -> ((UnsafePointer<Root>) -> UnsafePointer<Value>)? {
    guard let field = O._$field(for: keyPath),
      let storage = field.storage as? KeyPath<Root, Value>,
      let layout = _FieldLayout(field, storage: storage),
      let observedKeyPath = keyPath as? KeyPath<O, Value>
    else { return nil }
    return { root in
      let base = UnsafeRawPointer(root)
      recordRead(of: observedKeyPath, at: layout, in: base)
      return (base + layout.storageOffset).assumingMemoryBound(to: Value.self)
    }
  }
  return read(observable)
}

/// How a scoped store reads optional state that is the value of a `@Presents` field of its
/// parent's observable state (`store.scope(state: \.destination, action: …)`): a function from
/// the parent's address that registers the read as the property's getter does and hands over
/// the address of the presented state, in the box where `PresentationState` keeps it; `nil` for
/// any other key path.
///
/// Through the key path, the getter runs in key path machinery and copies the presented state
/// out of its box; a presented child's store reads its state after every action it sends.
///
/// It is worked out once per key path object, as ``observedFieldRead(_:)`` is.
@usableFromInline
func presentedFieldRead<Root, State>(
  _ keyPath: KeyPath<Root, State?>
) -> ((UnsafePointer<Root>, (UnsafePointer<State?>) -> Void) -> Void)? {
  let made = presentedFieldReads.value(for: keyPath) {
    FieldRead(makePresentedFieldRead(keyPath))
  }
  return unsafeDowncast(
    made, to: FieldRead<(UnsafePointer<Root>, (UnsafePointer<State?>) -> Void) -> Void>.self
  ).read
}

/// The read ``presentedFieldRead(_:)`` returns, worked out.
private func makePresentedFieldRead<Root, State>(
  _ keyPath: KeyPath<Root, State?>
) -> ((UnsafePointer<Root>, (UnsafePointer<State?>) -> Void) -> Void)? {
  guard let observable = Root.self as? any ObservableState.Type else { return nil }
  func read<O: ObservableState>(
    _: O.Type
  ) -> ((UnsafePointer<Root>, (UnsafePointer<State?>) -> Void) -> Void)? {
    guard let field = O._$field(for: keyPath), field.isPresentedValue,
      let storage = field.storage as? KeyPath<Root, PresentationState<State>>,
      let layout = _FieldLayout(field, storage: storage),
      let observedKeyPath = keyPath as? KeyPath<O, State?>
    else { return nil }
    return { root, body in
      let base = UnsafeRawPointer(root)
      recordRead(of: observedKeyPath, at: layout, in: base)
      let presentation = (UnsafeMutableRawPointer(mutating: base) + layout.storageOffset)
        .assumingMemoryBound(to: PresentationState<State>.self)
      withUnsafePointer(to: &presentation.pointee.storage.state) { body($0) }
    }
  }
  return read(observable)
}

/// Records a read of the field at `keyPath`, laid out at `layout`, of the observable state at
/// `base`: what `ObservationStateRegistrar.access(_:keyPath:field:)` does for the field's getter.
private func recordRead<O: ObservableState, Value>(
  of keyPath: KeyPath<O, Value>, at layout: _FieldLayout, in base: UnsafeRawPointer
) {
  layout.identity(base)._withUnsafeGuaranteedRef { identity in
    identity.recordRead(of: layout.observationMask)
    // Passed `inout`, the state is handed over where it is; passed as a value, this generic
    // code would copy it, and everything below it, first. Nothing writes to it.
    registerAccess(
      &UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: O.self).pointee,
      keyPath: keyPath, with: identity.registrar)
  }
}

/// Registers a read of `subject`'s field at `keyPath` with the current observation tracking.
private func registerAccess<Subject: Observable, Member>(
  _ subject: inout Subject, keyPath: KeyPath<Subject, Member>,
  with registrar: ObservationRegistrar
) {
  registrar.access(subject, keyPath: keyPath)
}

/// The storage of a field that observation knows under another key path than the one that
/// reads it (`@Presents`: `$destination` is observed as `destination`).
protocol ObservedUnderAnotherKeyPath {}

extension PresentationState: ObservedUnderAnotherKeyPath {}

/// A field read as the tables keep it: the function, or `nil` for a key path read through its
/// getter.
private final class FieldRead<Read>: @unchecked Sendable {
  let read: Read?

  init(_ read: Read?) {
    self.read = read
  }
}

/// The reads of ``observedFieldRead(_:)``, per key path object (one found there is of the key
/// path's own types).
private let fieldReads = KeyPathMemo<AnyObject>()

/// The reads of ``presentedFieldRead(_:)``, per key path object.
private let presentedFieldReads = KeyPathMemo<AnyObject>()

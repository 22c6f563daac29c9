import Synchronization

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
@usableFromInline
func observedFieldRead<Root, Value>(
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
      let storageOffset = MemoryLayout<Root>.offset(of: storage),
      let registrar = field.registrar as? KeyPath<Root, ObservationStateRegistrar>,
      let identityOffset = MemoryLayout<Root>.offset(
        of: registrar.appending(path: \ObservationStateRegistrar.id.storage)),
      let observedKeyPath = keyPath as? KeyPath<O, Value>
    else { return nil }
    let mask = ObservationStateRegistrar.mask(field: field.observationBit)
    return { root in
      let base = UnsafeRawPointer(root)
      let identity = Unmanaged<ObservableStateID.Storage>.fromOpaque(
        (base + identityOffset).load(as: UnsafeRawPointer.self))
      identity._withUnsafeGuaranteedRef { identity in
        // What `ObservationStateRegistrar.access(_:keyPath:field:)` does for the getter.
        if identity.readFields.load(ordering: .relaxed) & mask == 0 {
          identity.readFields.bitwiseOr(mask, ordering: .relaxed)
        }
        // Passed `inout`, the state is handed over where it is; passed as a value, this generic
        // code would copy it, and everything below it, first. Nothing writes to it.
        registerAccess(
          &UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: O.self).pointee,
          keyPath: observedKeyPath, with: identity.registrar)
      }
      return (base + storageOffset).assumingMemoryBound(to: Value.self)
    }
  }
  return read(observable)
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

import Synchronization

/// How a reducer mutates a field of its state in place: looked up once when the reducer is
/// built, then used on every action.
///
/// A writable key path through a computed property (as every tracked field of an
/// ``ObservableState`` is) reads the value out, mutates the copy and writes it back, so a
/// collection is copied on every mutation. For a tracked field this goes through the field's
/// stored property instead, in place, and reports to observation around it only when something
/// may be observing the value.
///
/// The common case (nothing observing the field) needs only plain data: the field's offset in
/// the struct and where to check for observers. It is held inline, so a reducer reaches it
/// without retaining anything; the rest is in one object.
@usableFromInline
struct _FieldAccess<Root, Value> {
  /// Where the field is in memory, when it is a tracked field of observable state stored
  /// directly in `Root`.
  @usableFromInline let layout: _FieldLayout?
  /// The key paths and observation functions.
  @usableFromInline let field: _FieldAccessStorage<Root, Value>

  @usableFromInline
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    // The storage is immutable and the same for every reducer of `keyPath`: a key path made
    // once (`\.child`) finds the one made the first time.
    let field = unsafeDowncast(
      fieldAccesses.value(for: keyPath) { _FieldAccessStorage(keyPath) },
      to: _FieldAccessStorage<Root, Value>.self)
    self.field = field
    self.layout = field.observed?.layout
  }

  /// The field's value in `root`, read without registering an observation (reducers read
  /// state to decide what to do; that is not a view observing it).
  @inlinable
  func value(in root: Root) -> Value {
    root[keyPath: self.field.observed?.storage ?? self.field.keyPath]
  }

  /// Reads the field of `root` where it is stored, without copying it (nor registering an
  /// observation), when it is a tracked field; through its key path otherwise.
  @inlinable
  func read<Result>(_ root: inout Root, _ body: (Value) -> Result) -> Result {
    guard let layout = self.layout else { return body(self.value(in: root)) }
    return withUnsafeMutablePointer(to: &root) { root in
      body(
        (UnsafeMutableRawPointer(root) + layout.storageOffset)
          .assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// Runs `body` with the address of the field of `root`, without copying it (nor registering
  /// an observation) when it is a tracked field; with the address of a copy read through its key
  /// path otherwise.
  @inlinable
  func withAddress<Result>(in root: inout Root, _ body: (UnsafePointer<Value>) -> Result)
    -> Result
  {
    guard let layout = self.layout else {
      return withUnsafePointer(to: self.value(in: root), body)
    }
    return withUnsafeMutablePointer(to: &root) { root in
      body(
        UnsafeRawPointer(UnsafeMutableRawPointer(root) + layout.storageOffset)
          .assumingMemoryBound(to: Value.self))
    }
  }

  /// Runs `body` on the field of `root` in place without reporting to observation, for a
  /// caller that knows the mutation leaves the field's identity as it was (a child state changed
  /// inside, which notifies the child's own fields) and calls ``reportReplaced(_:)`` when it
  /// does not; through ``modify(_:_:)`` when the field cannot be reached where it is stored.
  @inlinable
  func modifyUnreported<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let layout = self.layout else { return self.modify(&root, body) }
    return withUnsafeMutablePointer(to: &root) { root in
      body(
        &(UnsafeMutableRawPointer(root) + layout.storageOffset)
          .assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// Notifies observers of the field of `root` that it now holds another child state, after a
  /// ``modifyUnreported(_:_:)`` that replaced it.
  @usableFromInline
  func reportReplaced(_ root: inout Root) {
    guard self.layout != nil, let observed = self.field.observed else { return }
    withUnsafeMutablePointer(to: &root) { root in
      // An identity nothing has: the field's identity after the mutation differs from it.
      observed.didModify(root, .identity(ObservableStateID()))
    }
  }

  /// Runs `body` on the field of `root` in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    if let layout = self.layout,
      let result = layout.modifyIfUnobserved(&root, as: Value.self, body)
    {
      return result
    }
    return self.field.modify(&root, body)
  }
}

/// Where a tracked field of observable state is in the struct's memory.
@usableFromInline
struct _FieldLayout {
  /// The offset of the field's stored property.
  @usableFromInline let storageOffset: Int
  /// The offset of the reference to the struct's identity storage, which records the fields
  /// that were read.
  @usableFromInline let identityOffset: Int
  /// The field's bit in the record of read fields.
  @usableFromInline let observationMask: UInt64

  @usableFromInline
  init(storageOffset: Int, identityOffset: Int, observationMask: UInt64) {
    self.storageOffset = storageOffset
    self.identityOffset = identityOffset
    self.observationMask = observationMask
  }

  /// Where `field`, a tracked field of `Root` whose stored property is `storage`, is in `Root`'s
  /// memory; `nil` when an offset cannot be taken.
  init?<Root>(_ field: _$StoredField, storage: PartialKeyPath<Root>) {
    guard let storageOffset = MemoryLayout<Root>.offset(of: storage),
      let identityOffset = Self.identityOffset(in: Root.self, registrar: field.registrar)
    else { return nil }
    self.init(
      storageOffset: storageOffset, identityOffset: identityOffset,
      observationMask: ObservationStateRegistrar.mask(field: field.observationBit))
  }

  /// The offset of the reference to `Root`'s identity storage, given the key path of its
  /// registrar; worked out once per type (appending key paths builds a new one each time, which
  /// costs more than the rest of a field's layout).
  private static func identityOffset<Root>(
    in _: Root.Type, registrar: AnyKeyPath
  ) -> Int? {
    let type = ObjectIdentifier(Root.self)
    if let offset = identityOffsets.withLock({ $0[type] }) {
      return offset
    }
    guard let registrar = registrar as? KeyPath<Root, ObservationStateRegistrar>,
      let offset = MemoryLayout<Root>.offset(
        of: registrar.appending(path: \ObservationStateRegistrar.id.storage))
    else { return nil }
    identityOffsets.withLock { $0[type] = offset }
    return offset
  }

  /// The identity object of the struct at `base`, which records the fields that were read;
  /// unretained: it lives as long as the struct.
  @inlinable
  func identity(_ base: UnsafeRawPointer) -> Unmanaged<ObservableStateID.Storage> {
    Unmanaged.fromOpaque((base + self.identityOffset).load(as: UnsafeRawPointer.self))
  }

  /// Runs `body` on the field of `root` where it is stored, when nothing can be observing it;
  /// returns `nil` otherwise, without running `body` (the caller then reports the mutation).
  @inlinable
  func modifyIfUnobserved<Root, Value, Result>(
    _ root: inout Root, as _: Value.Type, _ body: (inout Value) -> Result
  ) -> Result? {
    withUnsafeMutablePointer(to: &root) { root in
      let base = UnsafeMutableRawPointer(root)
      guard !self.mayHaveObservers(base) else { return nil }
      return body(&(base + self.storageOffset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// Whether anything could be observing the field of the struct at `base`; reads the record
  /// of read fields without copying the registrar (which would retain its parts).
  @inlinable
  func mayHaveObservers(_ base: UnsafeMutableRawPointer) -> Bool {
    self.identity(base)._withUnsafeGuaranteedRef {
      $0.readFields.load(ordering: .relaxed) & self.observationMask != 0
    }
  }
}

/// The offset of the identity storage reference in each observable state type asked about
/// (see ``_FieldLayout/identityOffset(in:registrar:)``).
private let identityOffsets = Locked<[ObjectIdentifier: Int]>([:])

/// The ``_FieldAccessStorage`` made for each writable key path, per key path object (one found
/// there is of the key path's own types).
private let fieldAccesses = KeyPathMemo<AnyObject>()

/// The key paths of a field and, for a tracked field, the functions reporting its mutation.
@usableFromInline
final class _FieldAccessStorage<Root, Value> {
  /// The key path the reducer was given.
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  /// How to mutate the field in place, when `Root` is observable state and `keyPath` one of its
  /// tracked fields.
  @usableFromInline let observed: _ObservedField<Root, Value>?

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

  /// Runs `body` on the field of `root` in place, reporting to observation around it.
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
  @usableFromInline let layout: _FieldLayout?
  @usableFromInline let willModify: (UnsafeMutablePointer<Root>) -> _$FieldIdentity?
  @usableFromInline let didModify: (UnsafeMutablePointer<Root>, _$FieldIdentity) -> Void

  /// The field of `O` (which `Root` is) at `keyPath`, or `nil` when it is not a tracked field.
  init?<O: ObservableState>(_: O.Type, _ keyPath: WritableKeyPath<Root, Value>) {
    guard let field = O._$field(for: keyPath),
      let storage = field.storage as? WritableKeyPath<Root, Value>
    else { return nil }
    let index = field.index
    self.storage = storage
    self.layout = _FieldLayout(field, storage: storage)
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

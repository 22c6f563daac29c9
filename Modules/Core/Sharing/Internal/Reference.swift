import ConcurrencyExtras
import Foundation
import Observation

/// What a ``SharedReader`` reads through: a value kept in memory, a key's storage, or a part
/// of another reference's value. Reads register with observation; changes notify it.
protocol SharedReference<Value>: AnyObject, Sendable, CustomStringConvertible {
  associatedtype Value

  /// The identity shared values are compared and tracked by: the reference holding the
  /// storage (a derived reference answers its base's).
  var id: ObjectIdentifier { get }
  /// Which part of the storage's value this reference is: empty for the storage itself, else
  /// the key paths (or cases, or transforms) taken from it. Two references with the same ``id``
  /// and path are the same shared value.
  var path: [AnyHashable] { get }
  /// The current value; reading it registers with the current observation tracking. While a
  /// test store asserts, the value recorded before its changes (see `_SharedChangeTracker`).
  var wrappedValue: Value { get }
  /// The live value, whatever a test store is asserting.
  var liveValue: Value { get }
  /// The value recorded before the changes a test store is tracking, if any.
  var snapshotValue: Value? { get }
  /// Whether the storage is loading a value.
  var isLoading: Bool { get }
  /// The error of the last load or subscription update, cleared by the next that succeeds.
  var loadError: (any Error)? { get }
  /// Loads the value anew from the storage.
  func load() async throws
  /// Calls `handler` with the current value, then with the value after each change, until the
  /// subscription is cancelled. The handler runs under the reference's lock: it must not call
  /// back into the reference.
  func observeChanges(_ handler: @escaping @Sendable (Value) -> Void) -> SharedSubscription
}

/// What a ``Shared`` reads and writes through.
protocol MutableSharedReference<Value>: SharedReference {
  /// The error of the last save, cleared by the next that succeeds.
  var saveError: (any Error)? { get }
  /// Mutates the value under the reference's lock, notifying observers, then saves it.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R
  /// Saves the current value now.
  func save() async throws
}

/// The reference of a shared value made from a plain value (`Shared(value: 0)`): memory only.
final class ValueReference<Value>: MutableSharedReference, SnapshotHolder, Observable,
  @unchecked Sendable
{
  private let lock = NSRecursiveLock()
  private var value: Value
  private var snapshot: Snapshot<Value>?
  /// Whether ``snapshot`` is set: checked first, so that reads and writes outside test stores
  /// never touch the generic snapshot type.
  private var hasSnapshot = false
  private var observers = ChangeObservers<Value>()
  private let registrar = ObservationRegistrar()
  /// `\.wrappedValue`, made once (see `PersistentReference`).
  private let valueKeyPath: KeyPath<ValueReference, Value> = \.wrappedValue

  init(_ value: Value) {
    self.value = value
  }

  var id: ObjectIdentifier { ObjectIdentifier(self) }
  var path: [AnyHashable] { [] }

  var wrappedValue: Value {
    registrar.access(self, keyPath: valueKeyPath)
    lock.lock()
    defer { lock.unlock() }
    return hasSnapshot ? Snapshot.read(value, snapshot) : value
  }

  var liveValue: Value { lock.withLock { value } }
  var snapshotValue: Value? { lock.withLock { snapshot?.value } }
  var recordedChange: String? {
    lock.withLock { Snapshot.change(from: snapshot, to: value, of: description) }
  }
  func clearSnapshot() {
    lock.withLock {
      snapshot = nil
      hasSnapshot = false
    }
  }

  var isLoading: Bool { false }
  var loadError: (any Error)? { nil }
  var saveError: (any Error)? { nil }
  func load() async throws {}
  func save() async throws {}

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    if _SharedChangeTracker.active != nil,
      let asserted = try lock.withLock({ () throws -> R? in
        var (current, recorded) = (value, snapshot)
        defer { (snapshot, hasSnapshot) = (recorded, recorded != nil) }
        return try Snapshot.assert(self, &current, &recorded, body)
      })
    {
      return asserted
    }
    return try registrar.withMutation(of: self, keyPath: valueKeyPath) {
      try lock.withLock {
        // Changed in a copy that is put back afterwards, as in `PersistentReference`: `body`
        // may read this reference.
        var newValue = value
        defer {
          value = newValue
          observers.send(newValue)
        }
        return try body(&newValue)
      }
    }
  }

  func observeChanges(_ handler: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let id = lock.withLock {
      handler(value)
      return observers.insert(handler)
    }
    return SharedSubscription { [weak self] in
      guard let self else { return }
      lock.withLock { observers.remove(id) }
    }
  }

  var description: String {
    "value: \(String(reflecting: lock.withLock { value }))"
  }
}

/// A part of another reference's value, reached through a key path: `$settings.theme`. It
/// loads, saves and is observed through its base.
final class KeyPathReference<Root, Value>: MutableSharedReference, @unchecked Sendable {
  let base: any MutableSharedReference<Root>
  let keyPath: WritableKeyPath<Root, Value>

  init(base: any MutableSharedReference<Root>, keyPath: WritableKeyPath<Root, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var id: ObjectIdentifier { base.id }
  var path: [AnyHashable] { base.path + [AnyHashable(keyPath)] }
  var wrappedValue: Value { base.wrappedValue[keyPath: keyPath] }
  var liveValue: Value { base.liveValue[keyPath: keyPath] }
  var snapshotValue: Value? { base.snapshotValue?[keyPath: keyPath] }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var saveError: (any Error)? { base.saveError }
  func load() async throws { try await base.load() }
  func save() async throws { try await base.save() }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try body(&$0[keyPath: keyPath]) }
  }

  func observeChanges(_ handler: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let keyPath = UncheckedSendable(keyPath)
    return base.observeChanges { handler($0[keyPath: keyPath.value]) }
  }

  var description: String {
    "\(base.description)[dynamicMember: \(keyPath)]"
  }
}

/// A read-only part of another reference's value: `$settings.theme` of a `SharedReader`.
final class ReadKeyPathReference<Root, Value>: SharedReference, @unchecked Sendable {
  let base: any SharedReference<Root>
  let keyPath: KeyPath<Root, Value>

  init(base: any SharedReference<Root>, keyPath: KeyPath<Root, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var id: ObjectIdentifier { base.id }
  var path: [AnyHashable] { base.path + [AnyHashable(keyPath)] }
  var wrappedValue: Value { base.wrappedValue[keyPath: keyPath] }
  var liveValue: Value { base.liveValue[keyPath: keyPath] }
  var snapshotValue: Value? { base.snapshotValue?[keyPath: keyPath] }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  func load() async throws { try await base.load() }

  func observeChanges(_ handler: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let keyPath = UncheckedSendable(keyPath)
    return base.observeChanges { handler($0[keyPath: keyPath.value]) }
  }

  var description: String {
    "\(base.description)[dynamicMember: \(keyPath)]"
  }
}

/// A value computed from another reference's value: `$count.read { $0 * 2 }`.
final class ReadClosureReference<Root, Value>: SharedReference, @unchecked Sendable {
  let base: any SharedReference<Root>
  let transform: @Sendable (Root) -> Value

  init(base: any SharedReference<Root>, transform: @escaping @Sendable (Root) -> Value) {
    self.base = base
    self.transform = transform
  }

  var id: ObjectIdentifier { base.id }
  var path: [AnyHashable] { base.path + [AnyHashable(ObjectIdentifier(self))] }
  var wrappedValue: Value { transform(base.wrappedValue) }
  var liveValue: Value { transform(base.liveValue) }
  var snapshotValue: Value? { base.snapshotValue.map(transform) }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  func load() async throws { try await base.load() }

  func observeChanges(_ handler: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let transform = transform
    return base.observeChanges { handler(transform($0)) }
  }

  var description: String {
    ".map(\(base.description), as: \(Value.self).self)"
  }
}

/// A read-only optional value known to hold a value when it was unwrapped:
/// `SharedReader($selected)`. Once the base becomes `nil` it keeps answering the last value it
/// held (a screen still showing a removed element does not crash).
class UnwrappedReaderReference<Value>: SharedReference, @unchecked Sendable {
  let base: any SharedReference<Value?>
  /// Guards ``lastValue``.
  let lock = NSRecursiveLock()
  /// The last value the base held, answered once it is `nil`.
  var lastValue: Value

  init(base: any SharedReference<Value?>, initialValue: Value) {
    self.base = base
    self.lastValue = initialValue
  }

  var id: ObjectIdentifier { base.id }
  var path: [AnyHashable] { base.path + [AnyHashable("unwrapped")] }

  var wrappedValue: Value {
    guard let value = base.wrappedValue else { return lock.withLock { lastValue } }
    lock.withLock { lastValue = value }
    return value
  }

  var liveValue: Value { base.liveValue ?? lock.withLock { lastValue } }
  var snapshotValue: Value? { base.snapshotValue ?? nil }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  func load() async throws { try await base.load() }

  func observeChanges(_ handler: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    base.observeChanges { optional in
      if let value = optional { handler(value) }
    }
  }

  var description: String {
    "\(base.description)!"
  }
}

/// An optional shared value known to hold a value when it was unwrapped: `Shared($selected)`.
/// It reads as ``UnwrappedReaderReference`` does; once the base becomes `nil`, writes go to the
/// last value it held only.
final class UnwrappedReference<Value>: UnwrappedReaderReference<Value>, MutableSharedReference,
  @unchecked Sendable
{
  let mutableBase: any MutableSharedReference<Value?>

  init(base: any MutableSharedReference<Value?>, initialValue: Value) {
    self.mutableBase = base
    super.init(base: base, initialValue: initialValue)
  }

  var saveError: (any Error)? { mutableBase.saveError }
  func save() async throws { try await mutableBase.save() }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try mutableBase.withLock { optional in
      guard var value = optional else {
        // Changed in a copy, as in `PersistentReference`: `body` may read this reference.
        return try lock.withLock {
          var newValue = lastValue
          defer { lastValue = newValue }
          return try body(&newValue)
        }
      }
      defer {
        optional = value
        lock.withLock { lastValue = value }
      }
      return try body(&value)
    }
  }
}

/// A value recorded before the changes a test store tracks (see `_SharedChangeTracker`).
struct Snapshot<Value> {
  var value: Value

  /// The change from `snapshot` to `live` of the reference described as `description`, in
  /// swift-sharing's words (see ``SnapshotHolder/recordedChange``).
  static func change(from snapshot: Self?, to live: Value, of description: String) -> String? {
    guard let snapshot else { return nil }
    return "'\(typeName(Shared<Value>.self))(\(description))': "
      + "\(String(reflecting: snapshot.value)) → \(String(reflecting: live))"
  }

  /// What a reference reads: its recorded value while a test store asserts, its live value
  /// otherwise.
  static func read(_ value: Value, _ snapshot: Self?) -> Value {
    guard let snapshot, _SharedChangeTracker.active?.isAsserting == true else { return value }
    return snapshot.value
  }

  /// Runs a reference's `withLock` body under a tracker, if one is current: while it asserts,
  /// on the recorded value (returned; the live value is untouched); while it tracks, records
  /// the value before the change and returns `nil` for the change to happen as usual.
  static func assert<R>(
    _ holder: some SnapshotHolder, _ value: inout Value, _ snapshot: inout Self?,
    _ body: (inout Value) throws -> R
  ) rethrows -> R? {
    guard let tracker = _SharedChangeTracker.active else { return nil }
    // The tracker that records a value is the one whose reset forgets it: a value another
    // tracker recorded (a test store's, not yet asserted) is left to that one.
    if snapshot == nil {
      tracker.record(holder)
    }
    if tracker.isAsserting {
      var recorded = snapshot?.value ?? value
      defer { snapshot = Snapshot(value: recorded) }
      return try body(&recorded)
    }
    if snapshot == nil {
      snapshot = Snapshot(value: value)
    }
    return nil
  }
}

/// The handlers of ``SharedReference/observeChanges(_:)``, kept under their reference's lock.
struct ChangeObservers<Value> {
  private var nextID = 0
  private var handlers: [Int: @Sendable (Value) -> Void] = [:]

  /// Adds a handler, returning its id.
  mutating func insert(_ handler: @escaping @Sendable (Value) -> Void) -> Int {
    defer { nextID += 1 }
    handlers[nextID] = handler
    return nextID
  }

  /// Removes the handler with `id`.
  mutating func remove(_ id: Int) {
    handlers[id] = nil
  }

  /// Calls every handler with `value`.
  func send(_ value: Value) {
    guard !handlers.isEmpty else { return }
    for handler in handlers.values { handler(value) }
  }
}

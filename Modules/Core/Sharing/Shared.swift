import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import IssueReporting
import Observation

/// A value shared by every holder of it, read like a plain property and written with
/// ``withLock(_:fileID:filePath:line:column:)``: swift-sharing 2's `@Shared`.
///
/// Keyed by a ``SharedKey``, every `@Shared` of the same key (an in-memory name, a file, a user
/// defaults key) holds the same value, persisted by the key:
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Shared(.inMemory("count")) var count = 0
/// }
/// // …
/// state.$count.withLock { $0 += 1 }
/// ```
///
/// A child feature that is handed a parent's value declares it without a key
/// (`@Shared var count: Int`) and is made with `Child.State(count: state.$count)`.
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value>: Sendable {
  let box: SharedBox<any MutableSharedReference<Value>>

  init(reference: any MutableSharedReference<Value>) {
    self.box = SharedBox(reference)
  }

  var reference: any MutableSharedReference<Value> { box.value }

  /// A shared value of its own, held in memory: not persisted, shared with whoever is handed
  /// it (`Child.State(count: Shared(value: 0))`).
  public init(value: sending Value) {
    self.init(reference: ValueReference(value))
  }

  /// The shared value a projection hands over: `@Shared var count: Int` made from `$count`.
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The shared value of `key`, `value` until the key's storage says otherwise (evaluated only
  /// when no other holder of the key is alive).
  public init(wrappedValue value: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(reference: writerReference(for: key, initialValue: value))
  }

  /// The shared optional value of `key`, `nil` until the key's storage says otherwise.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// The shared value of a key that carries its default: `@Shared(.syncUps)`.
  public init<Key: SharedKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(reference: writerReference(for: key, initialValue: key.defaultValue))
  }

  /// The shared value of a key that carries a default, with another default.
  public init<Key: SharedKey<Value>>(
    wrappedValue value: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(reference: writerReference(for: key, initialValue: value))
  }

  /// The shared value of `key`, which must load one: throws when the storage holds none or
  /// fails.
  public init(require key: some SharedKey<Value>) async throws {
    let value = try await requiredValue(for: key)
    self.init(reference: writerReference(for: key, initialValue: { value }, skipInitialLoad: true))
    if let error = reference.loadError { throw error }
  }

  /// The shared value of `key`, which must load one at once, without awaiting it: throws when
  /// the storage holds none, fails, or loads asynchronously (then use `try await`).
  @_disfavoredOverload
  @_documentation(visibility: private)
  public init(require key: some SharedKey<Value>) throws {
    let value = try immediateRequiredValue(for: key)
    self.init(reference: writerReference(for: key, initialValue: { value }, skipInitialLoad: true))
    if let error = reference.loadError { throw error }
  }

  /// A key needs a default value unless the value is optional.
  @available(*, unavailable, message: "Assign a default value")
  public init(_ key: some SharedKey<Value>) {
    fatalError()
  }

  /// The current value. Change it with ``withLock(_:fileID:filePath:line:column:)``.
  public var wrappedValue: Value {
    get {
      box.access()
      return reference.wrappedValue
    }
    @available(
      *, deprecated,
      message: "Use '$shared.withLock' to modify a shared value with exclusive access."
    )
    nonmutating set {
      reference.withLock { $0 = newValue }
    }
  }

  /// This shared value, to hand to a child (`$count`) or to reach its parts (`$settings.theme`,
  /// `$rows[id: id]`). Assigning another shared value to it makes this one hold that one, which
  /// observers of the projection are told of.
  public var projectedValue: Self {
    get {
      box.access()
      return self
    }
    nonmutating set { box.replace(with: newValue.reference) }
  }

  /// Changes the value with exclusive access, notifying observers and every other holder, then
  /// saves it through the key.
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    try reference.withLock(operation)
  }

  /// A part of the value, shared with it: writing it writes the whole value.
  public subscript<Member>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> Shared<Member> {
    Shared<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A read-only part of the value.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A read-only value computed from this one, kept up to date with it:
  /// `$count.read { $0 * 2 }`.
  public func read<Member>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader(self).read(body)
  }

  /// Whether the key's storage is loading the value.
  public var isLoading: Bool { reference.isLoading }
  /// Why the last load failed (the value kept what it had), until a load succeeds.
  public var loadError: (any Error)? { reference.loadError }
  /// Why the last save failed, until a save succeeds.
  public var saveError: (any Error)? { reference.saveError }

  /// Loads the value anew from the key's storage.
  public func load() async throws {
    try await reference.load()
  }

  /// Makes this shared value (and every holder of it) hold another key's value, then loads it:
  /// observers are told, as when `$value` is assigned. While it loads, `isLoading` is `true`;
  /// publisher streams go on with the key once it is loaded (or failed to), from its value.
  public func load(_ key: some SharedKey<Value>) async throws {
    let value = reference.wrappedValue
    let loaded = writerReference(for: key, initialValue: { value }, skipInitialLoad: true)
    box.hold(loaded)
    defer { box.announce(loaded) }
    try await loaded.load()
  }

  /// Saves the value through the key now.
  public func save() async throws {
    try await reference.save()
  }
}

extension Shared {
  /// A shared optional value unwrapped, or `nil` while it is `nil`: a detail screen handed
  /// `Shared($rows[id: id])`.
  public init?(_ base: Shared<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(reference: UnwrappedReference(base: base.reference, initialValue: value))
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Shared values are equal when their values are. While a test store asserts, a shared value
  /// compared with itself (the same storage, and the same part of it) compares the value the
  /// test expects (recorded, then edited by the test's closure) with the live one: a change the
  /// test did not assert is a difference.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if let tracker = _SharedChangeTracker.active, tracker.isAsserting,
      lhs.reference === rhs.reference
        || (lhs.reference.id == rhs.reference.id && lhs.reference.path == rhs.reference.path)
    {
      tracker.markAsserted(lhs.reference.id)
      return (lhs.reference.snapshotValue ?? lhs.reference.liveValue) == rhs.reference.liveValue
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: _CustomDiffObject {
  /// What a test store's diff shows of a shared value: the value it expected (−), recorded
  /// before a change and edited by the test, and the live value (+).
  public var _customDiffValues: (Any, Any) {
    (reference.snapshotValue ?? reference.liveValue, reference.liveValue)
  }

  /// Shared values of one storage are one object to a diff.
  public var _objectIdentifier: ObjectIdentifier { reference.id }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's identity.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  public var description: String {
    "\(typeName(Self.self))(\(reference.description))"
  }
}

extension Shared: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension Shared: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension Shared: Observable {}

/// The reference every holder of `key`'s storage shares, made with `initialValue` (evaluated
/// only then) if none is alive. `skipInitialLoad` makes it without asking the key to load: the
/// value is one just loaded, or the one a `load(_:)` carries over. A reference made now
/// describes its key as `keyDescription` says (the key it was asked for through another).
func readerReference<Key: SharedReaderKey>(
  for key: Key, initialValue: () -> Key.Value, skipInitialLoad: Bool = false,
  describedAs keyDescription: (() -> String)? = nil
) -> any SharedReference<Key.Value> {
  if let forwarded = baseKeyReference(
    for: key, initialValue: initialValue, skipInitialLoad: skipInitialLoad,
    describedAs: keyDescription)
  {
    return forwarded as! any SharedReference<Key.Value>
  }
  @Dependency(\.persistentReferences) var references
  return references.reference(
    for: key, initialValue: initialValue, skipInitialLoad: skipInitialLoad,
    describedAs: keyDescription)
}

/// ``readerReference(for:initialValue:skipInitialLoad:)`` for a key that also saves.
func writerReference<Key: SharedKey>(
  for key: Key, initialValue: () -> Key.Value, skipInitialLoad: Bool = false
) -> any MutableSharedReference<Key.Value> {
  if let forwarded = baseKeyReference(
    for: key, initialValue: initialValue, skipInitialLoad: skipInitialLoad, describedAs: nil)
  {
    return forwarded as! any MutableSharedReference<Key.Value>
  }
  @Dependency(\.persistentReferences) var references
  return references.reference(
    for: key, initialValue: initialValue, skipInitialLoad: skipInitialLoad)
}

/// A key whose storage is another key's (`Key.Default`): its shared values are made for that
/// key, so that `@Shared(.count)` and `@Shared(.inMemory("count"))` hold one reference however
/// they were made (a property wrapper, `init(require:)`, `load(_:)`).
protocol StorageForwardingKey {
  associatedtype Base: SharedReaderKey
  /// The key whose storage holds the value.
  var base: Base { get }
}

extension _SharedKeyDefault: StorageForwardingKey {}

/// The reference of the key `key` forwards to, or `nil` when it forwards to none. Made now, it
/// describes its key as `keyDescription` says, or as `key` (the outermost key asked for), as
/// swift-sharing's reference describes the key it was made with.
private func baseKeyReference<Key: SharedReaderKey>(
  for key: Key, initialValue: () -> Key.Value, skipInitialLoad: Bool,
  describedAs keyDescription: (() -> String)?
) -> AnyObject? {
  guard let forwarding = key as? any StorageForwardingKey else { return nil }
  func open<Forwarding: StorageForwardingKey>(_ forwarding: Forwarding) -> AnyObject {
    readerReference(
      for: forwarding.base,
      initialValue: { initialValue() as! Forwarding.Base.Value },
      skipInitialLoad: skipInitialLoad,
      describedAs: keyDescription ?? { String(reflecting: key) }
    )
  }
  return open(forwarding)
}

/// The value `key` loads for `init(require:)`: throws when the storage holds none or fails.
func requiredValue<Key: SharedReaderKey>(for key: Key) async throws -> Key.Value {
  let result = await withUnsafeContinuation { continuation in
    key.load(
      context: .userInitiated,
      continuation: LoadContinuation(String(describing: key)) { result in
        continuation.resume(returning: result)
      }
    )
  }
  guard let loaded = try result.get() else {
    throw SharedKeyHasNoValue(key: String(describing: key))
  }
  return loaded
}

/// The error of a `require:` initializer that cannot wait for its key's storage, which loads
/// asynchronously.
struct SharedKeyLoadsAsynchronously: Error, CustomStringConvertible {
  let key: String

  var description: String {
    "\(key) loads its value asynchronously: use 'try await' with 'require:'."
  }
}

/// The value `key` loads at once, for the `require:` initializers that do not wait: throws
/// when the storage holds none or fails, or does not answer before `load` returns.
func immediateRequiredValue<Key: SharedReaderKey>(for key: Key) throws -> Key.Value {
  let result = LockIsolated<Result<Key.Value?, any Error>?>(nil)
  key.load(
    context: .userInitiated,
    continuation: LoadContinuation(String(describing: key)) { loaded in
      result.setValue(loaded)
    }
  )
  guard let loaded = result.value else {
    throw SharedKeyLoadsAsynchronously(key: String(describing: key))
  }
  guard let value = try loaded.get() else {
    throw SharedKeyHasNoValue(key: String(describing: key))
  }
  return value
}

/// What observation sees of a ``SharedBox``: which reference it holds, as a change count.
///
/// Not generic, so that the key path observation reads is made once, not on every read of a
/// shared value (a key path into a generic class is instantiated each time it is evaluated).
class ObservedReplacements: @unchecked Sendable, Observable {
  /// How many times the box's reference was replaced; only its observation matters.
  var replacements = 0
  let registrar = ObservationRegistrar()

  /// Registers a read of which reference is held with the current observation tracking.
  final func access() {
    registrar.access(self, keyPath: \.replacements)
  }
}

/// The reference a ``Shared`` or ``SharedReader`` holds, behind a lock, which assigning to its
/// projection (`$count = …`) or `load(_:)` replaces: observers of the value are told, and its
/// publisher's streams go on with the new reference, as in swift-sharing.
final class SharedBox<Reference>: ObservedReplacements, @unchecked Sendable {
  private let lock = NSLock()
  private var _value: Reference
  private var replacementHandlers: [Int: @Sendable (Reference) -> Void] = [:]
  private var nextHandlerID = 0

  init(_ value: Reference) {
    self._value = value
  }

  /// The reference held.
  var value: Reference {
    lock.withLock { _value }
  }

  /// Holds `reference` instead, telling observers but not yet the streams following this box
  /// (see ``announce(_:)``): `load(_:)` holds a key's reference while it loads it.
  func hold(_ reference: Reference) {
    registrar.withMutation(of: self as ObservedReplacements, keyPath: \.replacements) {
      lock.withLock { _value = reference }
    }
  }

  /// Tells the streams following this box to follow `reference`, if it is still the one held
  /// (it was not replaced meanwhile, when they followed its replacement).
  func announce(_ reference: Reference) {
    let handlers = lock.withLock { () -> [@Sendable (Reference) -> Void] in
      guard (_value as AnyObject) === (reference as AnyObject) else { return [] }
      return Array(replacementHandlers.values)
    }
    for handler in handlers {
      handler(reference)
    }
  }

  /// Holds `reference` instead, telling observers and the streams following this box.
  func replace(with reference: Reference) {
    registrar.withMutation(of: self as ObservedReplacements, keyPath: \.replacements) {
      let handlers = lock.withLock { () -> [@Sendable (Reference) -> Void] in
        _value = reference
        return Array(replacementHandlers.values)
      }
      for handler in handlers {
        handler(reference)
      }
    }
  }

  /// Calls `handler` with each reference held from now on, until the returned id is removed.
  func onReplace(_ handler: @escaping @Sendable (Reference) -> Void) -> Int {
    lock.withLock {
      defer { nextHandlerID += 1 }
      replacementHandlers[nextHandlerID] = handler
      return nextHandlerID
    }
  }

  /// Stops calling the handler `id`.
  func removeReplacementHandler(_ id: Int) {
    lock.withLock { _ = replacementHandlers.removeValue(forKey: id) }
  }
}

/// The error of `@Shared(require:)` for a key whose storage holds no value.
struct SharedKeyHasNoValue: Error, CustomStringConvertible {
  let key: String
  var description: String { "\(key) holds no value." }
}

import Dependencies
import Foundation
import IssueReporting
import Observation

/// The one reference of a key's storage: every `@Shared` of the key holds it. It loads the
/// value when it is made, follows the key's subscription, and saves after each change.
final class PersistentReference<Key: SharedReaderKey>: SharedReference, SnapshotHolder,
  Observable, @unchecked Sendable
{
  let key: Key
  /// How the reference describes its key when it was made for another key whose storage is
  /// this one (`Key.Default`): as that key.
  private let keyDescription: String?
  private let lock = NSRecursiveLock()
  private let registrar = ObservationRegistrar()
  private let initialValue: Key.Value
  private var value: Key.Value
  private var snapshot: Snapshot<Key.Value>?
  /// Whether ``snapshot`` is set: checked first, so that reads and writes outside test stores
  /// never touch the generic snapshot type.
  private var hasSnapshot = false
  private var _isLoading = false
  private var _loadError: (any Error)?
  private var _saveError: (any Error)?
  private var subscription: SharedSubscription?
  private var observers = ChangeObservers<Key.Value>()
  /// `\.wrappedValue`, made once: a key path into a generic class is built at run time, which
  /// would otherwise cost an allocation on every read and write.
  private let valueKeyPath: KeyPath<PersistentReference, Key.Value> = \.wrappedValue

  init(
    key: Key, initialValue: Key.Value, skipInitialLoad: Bool, describedAs keyDescription: String?
  ) {
    self.key = key
    self.keyDescription = keyDescription
    self.initialValue = initialValue
    self.value = initialValue
    let description = String(describing: key)
    if !skipInitialLoad {
      _isLoading = true
      key.load(
        context: .initialValue(initialValue),
        continuation: LoadContinuation(description) { [weak self] result in
          self?.receive(result, keepsValueWhenEmpty: false)
        }
      )
    }
    let subscription = key.subscribe(
      context: skipInitialLoad ? .userInitiated : .initialValue(initialValue),
      subscriber: SharedSubscriber(
        callback: { [weak self] result in self?.receive(result, keepsValueWhenEmpty: false) },
        onLoading: { [weak self] isLoading in self?.setLoading(isLoading) }
      )
    )
    lock.withLock { self.subscription = subscription }
  }

  deinit {
    subscription?.cancel()
  }

  var id: ObjectIdentifier { ObjectIdentifier(self) }
  var path: [AnyHashable] { [] }

  var wrappedValue: Key.Value {
    registrar.access(self, keyPath: valueKeyPath)
    lock.lock()
    defer { lock.unlock() }
    return hasSnapshot ? Snapshot.read(value, snapshot) : value
  }

  var liveValue: Key.Value { lock.withLock { value } }
  var snapshotValue: Key.Value? { lock.withLock { snapshot?.value } }
  var recordedChange: String? {
    lock.withLock { Snapshot.change(from: snapshot, to: value, of: description) }
  }
  func clearSnapshot() {
    lock.withLock {
      snapshot = nil
      hasSnapshot = false
    }
  }

  var isLoading: Bool {
    registrar.access(self, keyPath: \.isLoading)
    return lock.withLock { _isLoading }
  }

  var loadError: (any Error)? {
    registrar.access(self, keyPath: \.loadError)
    return lock.withLock { _loadError }
  }

  var saveError: (any Error)? {
    registrar.access(self, keyPath: \.saveError)
    return lock.withLock { _saveError }
  }

  func load() async throws {
    setLoading(true)
    let result = await withUnsafeContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation(String(describing: self.key)) { result in
          continuation.resume(returning: result)
        }
      )
    }
    receive(result, keepsValueWhenEmpty: true)
    if case .failure(let error) = result { throw error }
  }

  /// Takes a loaded or subscribed result: a value replaces the current one (without saving),
  /// "no value" restores the default (or, for an explicit load, keeps the value), an error is
  /// kept as `loadError` and the value stays.
  private func receive(_ result: Result<Key.Value?, any Error>, keepsValueWhenEmpty: Bool) {
    switch result {
    case .success(let loaded):
      if let loaded {
        setValue(loaded)
      } else if !keepsValueWhenEmpty {
        setValue(initialValue)
      }
      setLoadError(nil)
    case .failure(let error):
      setLoadError(error)
    }
    setLoading(false)
  }

  private func setValue(_ newValue: Key.Value) {
    registrar.withMutation(of: self, keyPath: valueKeyPath) {
      lock.withLock {
        value = newValue
        observers.send(value)
      }
    }
  }

  func observeChanges(_ handler: @escaping @Sendable (Key.Value) -> Void) -> SharedSubscription {
    let id = lock.withLock {
      handler(value)
      return observers.insert(handler)
    }
    return SharedSubscription { [weak self] in
      guard let self else { return }
      lock.withLock { observers.remove(id) }
    }
  }

  private func setLoading(_ isLoading: Bool) {
    guard lock.withLock({ _isLoading != isLoading }) else { return }
    registrar.withMutation(of: self, keyPath: \.isLoading) {
      lock.withLock { _isLoading = isLoading }
    }
  }

  /// Records the load error (or clears it). Outside tests an error is also reported as an
  /// issue, as swift-sharing does; a test reads it from `loadError`.
  private func setLoadError(_ error: (any Error)?) {
    guard error != nil || lock.withLock({ _loadError != nil }) else { return }
    registrar.withMutation(of: self, keyPath: \.loadError) {
      lock.withLock { _loadError = error }
    }
    if let error { reportStorageError(error) }
  }

  /// Records the save error (or clears it), reported outside tests like a load error.
  func setSaveError(_ error: (any Error)?) {
    guard error != nil || lock.withLock({ _saveError != nil }) else { return }
    registrar.withMutation(of: self, keyPath: \.saveError) {
      lock.withLock { _saveError = error }
    }
    if let error { reportStorageError(error) }
  }

  var description: String {
    keyDescription ?? String(reflecting: key)
  }
}

extension PersistentReference: SaveReceiver {
  var saveDescription: String { String(describing: key) }

  /// Records how a save ended: a failure is the save error; a success clears the save error
  /// and the load error too, since the storage now holds the value.
  func saveFinished(error: (any Error)?) {
    setSaveError(error)
    if error == nil { setLoadError(nil) }
  }
}

extension PersistentReference: MutableSharedReference where Key: SharedKey {
  func withLock<R>(_ body: (inout Key.Value) throws -> R) rethrows -> R {
    if _SharedChangeTracker.active != nil,
      let asserted = try lock.withLock({ () throws -> R? in
        var (current, recorded) = (value, snapshot)
        defer { (snapshot, hasSnapshot) = (recorded, recorded != nil) }
        return try Snapshot.assert(self, &current, &recorded, body)
      })
    {
      return asserted
    }
    // Saved however `body` ends: a change it made before throwing stays, as in swift-sharing,
    // so it is saved too, and memory and storage agree.
    var changed: Key.Value?
    defer {
      if let changed {
        key.save(changed, context: .didSet, continuation: SaveContinuation(receiver: self))
      }
    }
    return try registrar.withMutation(of: self, keyPath: valueKeyPath) {
      try lock.withLock { () throws -> R in
        // Changed in a copy that is put back afterwards: `body` may read this reference (a
        // `Shared` made from it, such as an element of a shared array), and reads the value as
        // it was until `body` returns, as with swift-sharing.
        var newValue = value
        defer {
          value = newValue
          observers.send(newValue)
          changed = newValue
        }
        return try body(&newValue)
      }
    }
  }

  func save() async throws {
    setSaveError(nil)
    let value = lock.withLock { self.value }
    let result = await withUnsafeContinuation { continuation in
      key.save(
        value, context: .userInitiated,
        continuation: SaveContinuation(String(describing: self.key)) { result in
          continuation.resume(returning: result)
        }
      )
    }
    switch result {
    case .success:
      setSaveError(nil)
      setLoadError(nil)
    case .failure(let error):
      setSaveError(error)
      throw error
    }
  }
}

/// A key that can tell, without loading, the value its storage holds (an in-memory name): a
/// shared value of it made when none is alive starts from that value, and its default is not
/// evaluated, as with swift-sharing.
protocol StoredValueKey: SharedReaderKey {
  /// The value the storage holds, if any.
  func storedValue() -> Value?
}

/// The value `key`'s storage holds, when the key can tell it without loading.
private func storedValue<Key: SharedReaderKey>(of key: Key) -> Key.Value? {
  guard let key = key as? any StoredValueKey else { return nil }
  func open<Stored: StoredValueKey>(_ key: Stored) -> Key.Value? {
    key.storedValue().map { $0 as! Key.Value }
  }
  return open(key)
}

/// Reports a key's load or save error as an issue ("Caught error: …") in a debug build outside
/// tests, as swift-sharing does; the error is also kept as the shared value's `loadError` or
/// `saveError`, which is where a test finds it (and `load()` and `save()` throw it).
private func reportStorageError(_ error: any Error) {
  #if DEBUG
    if !isTesting { reportIssue(error) }
  #endif
}

/// The persistent references alive, by key id: what makes every `@Shared` of a key share one
/// value. Each test gets its own (it is a dependency), so tests do not share values.
final class PersistentReferences: @unchecked Sendable {
  private struct Weak {
    weak var reference: AnyObject?
  }

  private let lock = NSRecursiveLock()
  private var references: [AnyHashable: Weak] = [:]

  /// The reference of `key`, made with `initialValue` (evaluated only then, and only when the
  /// key cannot tell a value its storage already holds) if none is alive; a reference made now
  /// describes its key as `keyDescription` says, when given.
  func reference<Key: SharedReaderKey>(
    for key: Key, initialValue: () -> Key.Value, skipInitialLoad: Bool = false,
    describedAs keyDescription: (() -> String)? = nil
  ) -> PersistentReference<Key> {
    lock.withLock {
      let id = AnyHashable(key.id)
      if let reference = references[id]?.reference as? PersistentReference<Key> {
        return reference
      }
      // A storage that already holds a value gives it, and the default is not evaluated.
      let reference = PersistentReference(
        key: key, initialValue: storedValue(of: key) ?? initialValue(),
        skipInitialLoad: skipInitialLoad, describedAs: keyDescription?())
      // Entries of keys whose last holder went away are dropped here, so an app that makes
      // shared values of ever new keys does not keep an entry for each.
      references = references.filter { $0.value.reference != nil }
      references[id] = Weak(reference: reference)
      return reference
    }
  }

  /// How many keys have a holder alive.
  var count: Int {
    lock.withLock { references.values.count { $0.reference != nil } }
  }

  /// How many entries the map keeps, alive or not.
  var entryCount: Int {
    lock.withLock { references.count }
  }
}

extension PersistentReferences: DependencyKey {
  static var liveValue: PersistentReferences { PersistentReferences() }
  static var testValue: PersistentReferences { PersistentReferences() }
}

extension DependencyValues {
  /// The persistent references of the shared values alive.
  var persistentReferences: PersistentReferences {
    get { self[PersistentReferences.self] }
    set { self[PersistentReferences.self] = newValue }
  }
}

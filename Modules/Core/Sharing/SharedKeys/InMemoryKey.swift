import Dependencies
import Foundation

extension SharedReaderKey {
  /// A value kept in memory under `key` for as long as the app runs: every `@Shared` of the same
  /// name holds it. In tests each test starts with none.
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// A key to a value kept in memory under a name (see ``SharedReaderKey/inMemory(_:)``).
public struct InMemoryKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: InMemoryStorage
  /// The name the value is kept under.
  var name: String { key }
  /// The name's slot in the storage, looked up once: saves write it without hashing the name.
  private let slot: InMemoryStorage.Slot

  init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var store
    self.key = key
    self.store = store
    self.slot = store.slot(named: key)
  }

  /// The name and the storage it is kept in.
  public var id: InMemoryKeyID {
    InMemoryKeyID(key: key, store: store)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let stored = slot.withLock { value -> (any Sendable)? in
      if let initialValue = context.initialValue, value == nil {
        value = initialValue
      }
      return value
    }
    // Nothing stored is not a stored `nil`: `Shared<Int?>(require:)` of an empty name throws.
    guard let stored, let value = stored as? Value else {
      continuation.resumeReturningInitialValue()
      return
    }
    continuation.resume(returning: value)
  }

  /// Follows the name's value as ``InMemoryStorage/removeValue(for:default:)`` resets it.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let slot = slot
    let id = slot.subscribe { value in
      if let value = value as? Value { subscriber.yield(value) }
    }
    return SharedSubscription { slot.unsubscribe(id) }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    slot.withLock { $0 = value }
    continuation.resume()
  }
}

extension InMemoryKey: StoredValueKey {
  func storedValue() -> Value? {
    // A name never stored is not a stored `nil` (for an optional value).
    slot.withLock { stored in stored.flatMap { $0 as? Value } }
  }
}

extension InMemoryKey: CustomStringConvertible {
  public var description: String {
    ".inMemory(\(String(reflecting: key)))"
  }
}

/// The identity of an in-memory key: its name in its storage.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let store: InMemoryStorage
}

/// Where in-memory shared values are kept (``DependencyValues/defaultInMemoryStorage``): one
/// for the app, a new one for each test.
public struct InMemoryStorage: Hashable, Sendable {
  private let id = UUID()
  private let slots = LockIsolated<[String: Slot]>([:])

  /// A new, empty storage.
  public init() {}

  /// The slot of `name`, made empty the first time it is asked for.
  func slot(named name: String) -> Slot {
    slots.withValue { slots in
      if let slot = slots[name] { return slot }
      let slot = Slot()
      slots[name] = slot
      return slot
    }
  }

  /// Removes the value stored under `key`'s name: the shared values of the name alive go back
  /// to `defaultValue`, and the next one made when none is alive starts from its own default.
  public func removeValue<Value: Sendable>(
    for key: InMemoryKey<Value>, default defaultValue: Value
  ) {
    for subscriber in slot(named: key.name).remove() {
      subscriber(defaultValue)
    }
  }

  /// One name's value, behind its own lock, and the shared values following it.
  final class Slot: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (any Sendable)?
    private var subscribers: [Int: @Sendable (any Sendable) -> Void] = [:]
    private var nextID = 0

    /// Calls `subscriber` with the value each removal resets the name to.
    func subscribe(_ subscriber: @escaping @Sendable (any Sendable) -> Void) -> Int {
      withLockHeld {
        nextID += 1
        subscribers[nextID] = subscriber
        return nextID
      }
    }

    func unsubscribe(_ id: Int) {
      withLockHeld { subscribers[id] = nil }
    }

    /// Empties the slot, answering the subscribers to tell.
    func remove() -> [@Sendable (any Sendable) -> Void] {
      withLockHeld {
        value = nil
        return Array(subscribers.values)
      }
    }

    private func withLockHeld<R>(_ body: () -> R) -> R {
      lock.lock()
      defer { lock.unlock() }
      return body()
    }

    func withLock<R>(_ body: (inout (any Sendable)?) -> R) -> R {
      lock.lock()
      defer { lock.unlock() }
      return body(&value)
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// The storage `.inMemory` keys keep their values in.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}

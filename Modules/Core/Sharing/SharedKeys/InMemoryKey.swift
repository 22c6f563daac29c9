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

  init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var store
    self.key = key
    self.store = store
  }

  /// The name and the storage it is kept in.
  public var id: InMemoryKeyID {
    InMemoryKeyID(key: key, store: store)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let stored = store.values.withValue { values -> (any Sendable)? in
      if let initialValue = context.initialValue, values[key] == nil {
        values[key] = initialValue
      }
      return values[key]
    }
    guard let value = stored as? Value else {
      continuation.resumeReturningInitialValue()
      return
    }
    continuation.resume(returning: value)
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    SharedSubscription {}
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    store.values.withValue { $0[key] = value }
    continuation.resume()
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
  let values = LockIsolated<[String: any Sendable]>([:])

  /// A new, empty storage.
  public init() {}

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

/// A key to a value that `@SharedReader` (and, for a ``SharedKey``, `@Shared`) reads from some
/// storage: memory, a file, user defaults, or anything a conformance reaches.
///
/// Every `@SharedReader` and `@Shared` of keys with the same ``id`` share one value. A
/// conformance loads the value, and may subscribe to changes made outside the app:
///
/// ```swift
/// struct RemoteConfigKey: SharedReaderKey {
///   let id = "remote-config"
///   func load(context: LoadContext<Config>, continuation: LoadContinuation<Config>) {
///     Task { continuation.resume(with: Result { try await fetchConfig() }) }
///   }
///   func subscribe(
///     context: LoadContext<Config>, subscriber: SharedSubscriber<Config>
///   ) -> SharedSubscription {
///     SharedSubscription {}
///   }
/// }
/// ```
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value the key reads.
  associatedtype Value: Sendable
  /// What makes two keys the same storage.
  associatedtype ID: Hashable = Self

  /// The key's identity: every `@Shared` of keys with equal ids shares one value.
  var id: ID { get }

  /// Loads the value, resuming `continuation` exactly once: with a value, with an error, or
  /// with ``LoadContinuation/resumeReturningInitialValue()`` when the storage holds none.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts following changes made to the storage from elsewhere, yielding them to
  /// `subscriber`, until the returned subscription is cancelled.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// A key that is `Hashable` is its own identity.
  public var id: ID { self }
}

/// A key to a value that `@Shared` reads and writes: a ``SharedReaderKey`` that can also save.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`, resuming `continuation` exactly once when it is stored or failed.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a key is asked to load.
public enum LoadContext<Value> {
  /// The first `@Shared` of the key is being made, with this default value.
  case initialValue(Value)
  /// Someone asked for a fresh value: `$value.load()`.
  case userInitiated

  /// The default value, when the load is the initial one.
  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

extension LoadContext: Sendable where Value: Sendable {}
extension LoadContext: Equatable where Value: Equatable {}
extension LoadContext: Hashable where Value: Hashable {}

/// Why a key is asked to save.
public enum SaveContext: Hashable, Sendable {
  /// The value changed through `withLock`.
  case didSet
  /// Someone asked for the value to be saved now: `$value.save()`.
  case userInitiated
}

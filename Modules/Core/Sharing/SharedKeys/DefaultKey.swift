extension SharedReaderKey {
  /// A key that carries its default value:
  ///
  /// ```swift
  /// extension SharedReaderKey where Self == FileStorageKey<[SyncUp]>.Default {
  ///   static var syncUps: Self {
  ///     Self[.fileStorage(.documentsDirectory.appending(component: "sync-ups.json")), default: []]
  ///   }
  /// }
  /// // …
  /// @Shared(.syncUps) var syncUps
  /// ```
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key with its default value (see ``SharedReaderKey/Default``): the same storage as its
/// base key.
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  /// The key whose storage holds the value.
  public let base: Base
  /// The value used until the storage says otherwise.
  public let defaultValue: @Sendable () -> Base.Value

  /// `key` with the default `value`.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// The default value, worked out now.
  public var initialValue: Base.Value { defaultValue() }

  public var id: Base.ID { base.id }

  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  /// The key as it is written, with its default: `AppStorageKey<Int>.Default[.appStorage("count"),
  /// default: 0]`.
  public var description: String {
    "\(typeName(Base.self)).Default[\(base), default: \(defaultValue())]"
  }
}

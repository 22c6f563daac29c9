import CustomDump
import Observation

/// A shared value read but never written here: swift-sharing 2's `@SharedReader`. It follows
/// its key's storage (or the ``Shared`` it was made from) as every change arrives.
///
/// ```swift
/// @SharedReader(.appStorage("isHapticsOn")) var isHapticsOn = true
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value>: Sendable {
  let box: SharedBox<any SharedReference<Value>>

  init(reference: any SharedReference<Value>) {
    self.box = SharedBox(reference)
  }

  var reference: any SharedReference<Value> { box.value }

  /// A reader of a constant value.
  public init(value: sending Value) {
    self.init(reference: ValueReference(value))
  }

  /// A reader of a shared value: it sees every change the holders of `base` make.
  public init(_ base: Shared<Value>) {
    self.init(reference: base.reference)
  }

  /// The reader a projection hands over.
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The value of `key`, `value` until the key's storage says otherwise.
  public init(wrappedValue value: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    self.init(reference: readerReference(for: key, initialValue: value))
  }

  /// The optional value of `key`, `nil` until the key's storage says otherwise.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// The value of a key that carries its default.
  public init<Key: SharedReaderKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(reference: readerReference(for: key, initialValue: key.defaultValue))
  }

  /// The value of a key that carries a default, with another default.
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue value: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(reference: readerReference(for: key, initialValue: value))
  }

  /// The value of `key`, which must load one: throws when the storage holds none or fails.
  public init(require key: some SharedReaderKey<Value>) async throws {
    let value = try await requiredValue(for: key)
    self.init(reference: readerReference(for: key, initialValue: { value }, skipInitialLoad: true))
    if let error = reference.loadError { throw error }
  }

  /// The value of `key`, which must load one at once, without awaiting it: throws when the
  /// storage holds none, fails, or loads asynchronously (then use `try await`).
  @_disfavoredOverload
  @_documentation(visibility: private)
  public init(require key: some SharedReaderKey<Value>) throws {
    let value = try immediateRequiredValue(for: key)
    self.init(reference: readerReference(for: key, initialValue: { value }, skipInitialLoad: true))
    if let error = reference.loadError { throw error }
  }

  /// A key needs a default value unless the value is optional.
  @available(*, unavailable, message: "Assign a default value")
  public init(_ key: some SharedReaderKey<Value>) {
    fatalError()
  }

  /// A reader of a constant value.
  @available(*, deprecated, message: "Use 'SharedReader(value:)', instead.")
  public static func constant(_ value: sending Value) -> Self {
    Self(value: value)
  }

  /// The current value.
  public var wrappedValue: Value {
    box.access()
    return reference.wrappedValue
  }

  /// This reader, to hand to a child or to reach the value's parts.
  public var projectedValue: Self {
    get {
      box.access()
      return self
    }
    nonmutating set { box.replace(with: newValue.reference) }
  }

  /// A part of the value.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReadKeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A value computed from this one, kept up to date with it: `$count.read { $0 * 2 }`.
  public func read<Member>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader<Member>(reference: ReadClosureReference(base: reference, transform: body))
  }

  /// Whether the key's storage is loading the value.
  public var isLoading: Bool { reference.isLoading }
  /// Why the last load failed (the value kept what it had), until a load succeeds.
  public var loadError: (any Error)? { reference.loadError }

  /// Loads the value anew from the key's storage.
  public func load() async throws {
    try await reference.load()
  }

  /// Makes this reader follow another key, then loads its value, as ``Shared/load(_:)``:
  /// observers are told, `isLoading` is `true` while it loads, and publisher streams go on with
  /// the key once it is loaded.
  public func load(_ key: some SharedReaderKey<Value>) async throws {
    let value = reference.wrappedValue
    let loaded = readerReference(for: key, initialValue: { value }, skipInitialLoad: true)
    box.hold(loaded)
    defer { box.announce(loaded) }
    try await loaded.load()
  }
}

extension SharedReader {
  /// A reader of a shared optional value unwrapped, or `nil` while it is `nil`.
  public init?(_ base: Shared<Value?>) {
    guard let shared = Shared(base) else { return nil }
    self.init(shared)
  }

  /// A reader of an optional reader's value unwrapped, or `nil` while it is `nil`:
  /// `SharedReader($currentUser)`. It keeps its last value if the base becomes `nil`.
  public init?(_ base: SharedReader<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(reference: UnwrappedReaderReference(base: base.reference, initialValue: value))
  }
}

extension SharedReader: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: CustomStringConvertible {
  public var description: String {
    "\(typeName(Self.self))(\(reference.description))"
  }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}

extension SharedReader: Observable {}

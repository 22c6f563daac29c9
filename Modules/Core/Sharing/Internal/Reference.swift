import Foundation
import Observation

/// What a ``SharedReader`` reads through: a value kept in memory, a key's storage, or a part
/// of another reference's value. Reads register with observation; changes notify it.
protocol SharedReference<Value>: AnyObject, Sendable, CustomStringConvertible {
  associatedtype Value

  /// The identity shared values are compared and tracked by: the reference holding the
  /// storage (a derived reference answers its base's).
  var id: ObjectIdentifier { get }
  /// The current value; reading it registers with the current observation tracking.
  var wrappedValue: Value { get }
  /// Whether the storage is loading a value.
  var isLoading: Bool { get }
  /// The error of the last load or subscription update, cleared by the next that succeeds.
  var loadError: (any Error)? { get }
  /// Loads the value anew from the storage.
  func load() async throws
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
final class ValueReference<Value>: MutableSharedReference, Observable, @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var value: Value
  private let registrar = ObservationRegistrar()

  init(_ value: Value) {
    self.value = value
  }

  var id: ObjectIdentifier { ObjectIdentifier(self) }

  var wrappedValue: Value {
    registrar.access(self, keyPath: \.wrappedValue)
    return lock.withLock { value }
  }

  var isLoading: Bool { false }
  var loadError: (any Error)? { nil }
  var saveError: (any Error)? { nil }
  func load() async throws {}
  func save() async throws {}

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try registrar.withMutation(of: self, keyPath: \.wrappedValue) {
      try lock.withLock { try body(&value) }
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
  var wrappedValue: Value { base.wrappedValue[keyPath: keyPath] }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var saveError: (any Error)? { base.saveError }
  func load() async throws { try await base.load() }
  func save() async throws { try await base.save() }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { try body(&$0[keyPath: keyPath]) }
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
  var wrappedValue: Value { base.wrappedValue[keyPath: keyPath] }
  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  func load() async throws { try await base.load() }

  var description: String {
    "\(base.description)[dynamicMember: \(keyPath)]"
  }
}

/// An optional shared value known to hold a value when it was unwrapped: `Shared($selected)`.
/// Once the base becomes `nil` it keeps answering the last value it held (a screen still
/// showing a removed element does not crash), and writes go to that copy only.
final class UnwrappedReference<Value>: MutableSharedReference, @unchecked Sendable {
  let base: any MutableSharedReference<Value?>
  private let lock = NSRecursiveLock()
  private var lastValue: Value

  init(base: any MutableSharedReference<Value?>, initialValue: Value) {
    self.base = base
    self.lastValue = initialValue
  }

  var id: ObjectIdentifier { base.id }

  var wrappedValue: Value {
    guard let value = base.wrappedValue else { return lock.withLock { lastValue } }
    lock.withLock { lastValue = value }
    return value
  }

  var isLoading: Bool { base.isLoading }
  var loadError: (any Error)? { base.loadError }
  var saveError: (any Error)? { base.saveError }
  func load() async throws { try await base.load() }
  func save() async throws { try await base.save() }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try base.withLock { optional in
      guard var value = optional else {
        return try lock.withLock { try body(&lastValue) }
      }
      defer {
        optional = value
        lock.withLock { lastValue = value }
      }
      return try body(&value)
    }
  }

  var description: String {
    "\(base.description)!"
  }
}

import CustomDump
import IdentifiedCollections
import IssueReporting

// Spellings of earlier releases that swift-sharing 2 still accepts, with a deprecation warning
// that names the current one, so that code written against them compiles unchanged.

/// The key of a shared value that can be written: ``SharedKey``'s earlier name.
@available(*, deprecated, renamed: "SharedKey")
public typealias PersistenceKey = SharedKey

/// A key of a shared value that can only be read: ``SharedReaderKey``'s earlier name.
@available(*, deprecated, renamed: "SharedReaderKey")
public typealias PersistenceReaderKey = SharedReaderKey

/// A key with a default value: what `Key.Default` is now.
@available(
  *, deprecated, message: "Use 'Base.Default' instead of 'PersistenceKeyDefault<Base>'"
)
public typealias PersistenceKeyDefault = _SharedKeyDefault

extension _SharedKeyDefault {
  /// `key` with `value` as its default.
  @available(
    *, deprecated, message: "Use the static subscript 'Self[key, default: value]', instead"
  )
  public init(_ key: Base, _ value: @autoclosure @escaping @Sendable () -> Base.Value) {
    self = Self[key, default: value()]
  }
}

extension Shared {
  /// ``SharedSubscription``'s earlier name.
  @available(*, deprecated, message: "renamed to 'SharedSubscription'")
  public typealias Subscription = SharedSubscription

  /// A read-only view of this shared value.
  @available(*, deprecated, message: "Use the 'SharedReader($shared)' initializer, instead")
  public var reader: SharedReader<Value> {
    SharedReader(self)
  }

  /// A shared value held by nothing but its holders: `Shared(value:)`'s earlier spelling.
  /// Disfavoured, so that `@Shared(key) var value` still takes a key that carries its default.
  @_disfavoredOverload
  @available(*, deprecated, renamed: "init(value:)")
  public init(_ value: sending Value) {
    self.init(value: value)
  }
}

extension Shared where Value: Equatable {
  /// Asserts the changes made to this shared value since a test store last asserted them, as
  /// a test store's assertion closure does: `update` turns the value before the changes into
  /// the expected one, which must equal the value now.
  @available(*, deprecated, message: "Assert directly on shared state, instead")
  public func assert(
    _ update: (inout Value) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows {
    guard let tracker = _SharedChangeTracker.active else {
      reportIssue(
        "Expected changes, but none were tracked.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    guard let recorded = reference.snapshotValue, recorded != reference.liveValue else {
      reportIssue(
        "Expected changes, but none occurred.",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    try tracker.assert {
      try self.withLock { try update(&$0) }
      expectNoDifference(
        self, self, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

extension Shared
where
  Value: _MutableIdentifiedCollection & RandomAccessCollection,
  Value.Element: Sendable
{
  /// The elements, each a shared value of its own, in order.
  @available(*, deprecated, message: "Use '$array' directly instead of '$array.elements'")
  public var elements: [Shared<Value.Element>] {
    Array(self)
  }
}

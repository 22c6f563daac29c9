/// A value read from the server with the version it had there: the `ETag` the server sent
/// with it, which a later write names (`If-Match`) to replace that version and no other.
public struct Versioned<Value> {
  /// The value.
  public var value: Value
  /// The server's entity tag for this version (quoted, as the `ETag` field has it), or `nil`
  /// when the server named none.
  public var version: String?

  /// Creates a value with its version.
  public init(_ value: Value, version: String?) {
    self.value = value
    self.version = version
  }
}

extension Versioned: Equatable where Value: Equatable {}
extension Versioned: Hashable where Value: Hashable {}
extension Versioned: Sendable where Value: Sendable {}

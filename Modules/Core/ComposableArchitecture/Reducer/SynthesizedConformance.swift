/// A protocol that `@Reducer(state:action:)` adds to an enum reducer's generated `State` or
/// `Action`, whose conformance Swift then synthesizes.
public struct _SynthesizedConformance: Hashable, Sendable {
  let name: String

  /// `Codable`.
  public static let codable = Self(name: "Codable")
  /// `Decodable`.
  public static let decodable = Self(name: "Decodable")
  /// `Encodable`.
  public static let encodable = Self(name: "Encodable")
  /// `Equatable`.
  public static let equatable = Self(name: "Equatable")
  /// `Hashable`.
  public static let hashable = Self(name: "Hashable")
  /// `Sendable`.
  public static let sendable = Self(name: "Sendable")
}

/// The kind of a target, as `swift package describe` spells it (`library`, `executable`,
/// `test`, `macro`, `plugin`, ...).
public struct TargetKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The kind as `swift package describe` prints it.
  public var rawValue: String

  /// Creates a kind from its spelling in `swift package describe`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A regular library target (`.target`).
  public static let library = TargetKind(rawValue: "library")
  /// An executable target (`.executableTarget`).
  public static let executable = TargetKind(rawValue: "executable")
  /// A test target (`.testTarget`).
  public static let test = TargetKind(rawValue: "test")
  /// A macro target (`.macro`).
  public static let macro = TargetKind(rawValue: "macro")
  /// A package plugin target (`.plugin`).
  public static let plugin = TargetKind(rawValue: "plugin")
  /// A snippet, which builds as an executable.
  public static let snippet = TargetKind(rawValue: "snippet")

  /// The group a target of this kind is reported in.
  public var category: TargetCategory {
    switch self {
    case .test: .test
    case .executable, .snippet: .executable
    default: .library
    }
  }

  /// The kind's spelling.
  public var description: String { rawValue }

  /// Decodes the kind from its spelling.
  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the kind as its spelling.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

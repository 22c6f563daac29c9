/// Text for alerts, dialogs and other state-driven UI, kept as data so it can be compared in
/// tests and drawn by any renderer (the terminal app prints it).
public struct TextState: Equatable, Hashable, Sendable {
  /// The text's characters.
  public let string: String

  /// Creates text from a string.
  public init(_ content: some StringProtocol) {
    self.string = String(content)
  }

  /// Creates text from a string, without localization.
  public init(verbatim content: String) {
    self.string = content
  }

  /// The two texts one after the other.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.string + rhs.string)
  }
}

extension TextState: ExpressibleByStringInterpolation {
  public init(stringLiteral value: String) {
    self.init(verbatim: value)
  }
}

extension TextState: CustomDumpStringConvertible {
  public var customDumpDescription: String {
    String(customDumping: self.string)
  }
}

extension String {
  /// The characters of a text state.
  public init(state: TextState) {
    self = state.string
  }
}

/// A run of text drawn in one style.
public struct StyledSpan: Hashable, Sendable {
  /// The text. Control characters in it are shown as `�` (see ``StyledLine/plainText``), so
  /// data can never smuggle escape sequences to the terminal.
  public var text: String
  /// How the text looks.
  public var style: TextStyle

  /// A span of `text` in `style`.
  public init(_ text: String, style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }

  /// The number of terminal columns the text takes.
  public var width: Int { text.displayWidth }
}

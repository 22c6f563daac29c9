/// How a run of text looks: attributes and optional colours.
///
/// A `nil` colour means the terminal's default. Styles combine with ``applying(_:)``: the
/// overlay's attributes are added and its colours, where set, win.
public struct TextStyle: Hashable, Sendable {
  /// The text colour, or `nil` for the terminal's default.
  public var foreground: TerminalColor?
  /// The cell colour behind the text, or `nil` for the terminal's default.
  public var background: TerminalColor?
  /// Bold (increased intensity).
  public var bold: Bool
  /// Dim (decreased intensity), for secondary text.
  public var dim: Bool
  /// Italic (not shown by every terminal).
  public var italic: Bool
  /// Underlined.
  public var underline: Bool
  /// Foreground and background swapped: the attribute that shows a selection without colour.
  public var inverse: Bool

  /// A style; every attribute is off and both colours are the terminal's defaults unless given.
  public init(
    foreground: TerminalColor? = nil,
    background: TerminalColor? = nil,
    bold: Bool = false,
    dim: Bool = false,
    italic: Bool = false,
    underline: Bool = false,
    inverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.underline = underline
    self.inverse = inverse
  }

  /// No attribute and no colour: the terminal's default look.
  public static let plain = TextStyle()

  /// Whether this style looks like the terminal's default (it needs no escape sequence).
  public var isPlain: Bool { self == .plain }

  /// Whether this style sets a foreground or background colour.
  public var hasColor: Bool { foreground != nil || background != nil }

  /// This style with `overlay` on top: attributes of either are on, and the overlay's colours
  /// replace these where the overlay sets them.
  public func applying(_ overlay: TextStyle) -> TextStyle {
    TextStyle(
      foreground: overlay.foreground ?? foreground,
      background: overlay.background ?? background,
      bold: bold || overlay.bold,
      dim: dim || overlay.dim,
      italic: italic || overlay.italic,
      underline: underline || overlay.underline,
      inverse: inverse || overlay.inverse
    )
  }

  /// This style without any colour (attributes kept), for terminals shown without colour.
  public var withoutColor: TextStyle {
    var style = self
    style.foreground = nil
    style.background = nil
    return style
  }
}

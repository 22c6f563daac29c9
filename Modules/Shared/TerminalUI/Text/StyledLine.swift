/// One line of styled text: spans drawn left to right.
///
/// Build one from spans, from a string literal, or by concatenation:
///
/// ```swift
/// let line: StyledLine = "Name: " + StyledLine("Ada", style: theme.accent)
/// ```
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The spans, left to right.
  public var spans: [StyledSpan]

  /// A line made of `spans`.
  public init(_ spans: [StyledSpan] = []) {
    self.spans = spans
  }

  /// A line of `text` in one style.
  public init(_ text: String, style: TextStyle = .plain) {
    self.spans = text.isEmpty ? [] : [StyledSpan(text, style: style)]
  }

  /// A plain line from a string literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// An empty line.
  public static let empty = StyledLine()

  /// The text without any styling, control characters shown as `�`: the form used by line
  /// mode and by snapshot tests.
  public var plainText: String {
    var text = ""
    for span in spans { text += Self.sanitized(span.text) }
    return text
  }

  /// The number of terminal columns the line takes.
  public var width: Int {
    spans.reduce(0) { $0 + $1.width }
  }

  /// Whether the line has no text.
  public var isEmpty: Bool { spans.allSatisfy { $0.text.isEmpty } }

  /// This line followed by `other`.
  public static func + (lhs: StyledLine, rhs: StyledLine) -> StyledLine {
    StyledLine(lhs.spans + rhs.spans)
  }

  /// Appends `other` to this line.
  public static func += (lhs: inout StyledLine, rhs: StyledLine) {
    lhs.spans += rhs.spans
  }

  /// Appends `text` in `style`.
  public mutating func append(_ text: String, style: TextStyle = .plain) {
    guard !text.isEmpty else { return }
    spans.append(StyledSpan(text, style: style))
  }

  /// This line with `overlay` applied on top of every span's style (see
  /// ``TextStyle/applying(_:)``), as a selection highlight does.
  public func applying(_ overlay: TextStyle) -> StyledLine {
    StyledLine(spans.map { StyledSpan($0.text, style: $0.style.applying(overlay)) })
  }

  /// This line with every colour removed (attributes kept).
  public var withoutColor: StyledLine {
    StyledLine(spans.map { StyledSpan($0.text, style: $0.style.withoutColor) })
  }

  /// The same line with adjacent spans of one style merged and empty spans dropped.
  public var normalized: StyledLine {
    var merged: [StyledSpan] = []
    for span in spans where !span.text.isEmpty {
      if let last = merged.last, last.style == span.style {
        merged[merged.count - 1].text += span.text
      } else {
        merged.append(span)
      }
    }
    return StyledLine(merged)
  }

  /// `text` with control characters replaced: a tab by a space, a line break (`\n`, `\r\n` or
  /// `\r`, as in a post or a bio shown on one line) by `↵`, any other by `�`.
  static func sanitized(_ text: String) -> String {
    // C0 controls and DEL are single bytes below 0x20 or 0x7F; C1 controls start with 0xC2.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
      text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return text }
    var result = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      switch scalar {
      case "\t": result.append(" ")
      case "\n" where previous == "\r": break
      case "\n", "\r": result.append("↵")
      case _ where scalar.properties.generalCategory == .control: result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }
}

/// A one-line text input with a cursor, drawn in a given width.
///
/// The cursor is a cell drawn in ``Theme/cursor`` (the app hides the terminal's own cursor).
/// When the text is wider than the field, a focused field scrolls so the cursor stays visible;
/// an unfocused one shows the start of its text, cut with `…`. An empty field shows its
/// placeholder.
public struct TextField: Hashable, Sendable {
  /// The text being edited.
  public var text: String
  /// The cursor position, in characters from the start (clamped to the text; `nil` is the
  /// end).
  public var cursor: Int?
  /// The text shown, dimmed, while the field is empty.
  public var placeholder: String
  /// A label drawn before the text, such as `"Search: "`.
  public var prompt: StyledLine
  /// Whether the field has the focus: only a focused field shows its cursor.
  public var isFocused: Bool

  /// A field showing `text` with the cursor at `cursor` (the end by default).
  public init(
    text: String,
    cursor: Int? = nil,
    placeholder: String = "",
    prompt: StyledLine = .empty,
    isFocused: Bool = true
  ) {
    self.text = text
    self.cursor = cursor
    self.placeholder = placeholder
    self.prompt = prompt
    self.isFocused = isFocused
  }

  /// The field as one line of exactly `width` columns.
  public func line(width: Int, theme: Theme) -> StyledLine {
    let room = width - prompt.width
    guard room > 0 else { return prompt.fitted(to: width) }
    if text.isEmpty {
      var line = prompt
      if isFocused {
        let first = placeholder.first.map(String.init) ?? " "
        line.append(first, style: theme.cursor)
        line.append(String(placeholder.dropFirst()), style: theme.placeholder)
      } else {
        line.append(placeholder, style: theme.placeholder)
      }
      return line.fitted(to: width)
    }
    guard isFocused else {
      return (prompt + StyledLine(text, style: theme.text)).truncated(to: width).padded(to: width)
    }
    let characters = Array(text)
    let position = min(max(cursor ?? characters.count, 0), characters.count)
    // The cursor cell after the last character needs a column of its own.
    let cursorWidth = position < characters.count ? characters[position].displayWidth : 1
    // Start as far left as possible while the cursor still fits in the field.
    var start = 0
    var widthBeforeCursor = characters[..<position].reduce(0) { $0 + $1.displayWidth }
    while start < position && widthBeforeCursor + cursorWidth > room {
      widthBeforeCursor -= characters[start].displayWidth
      start += 1
    }
    var line = prompt
    line.append(String(characters[start..<position]), style: theme.text)
    if isFocused {
      let underCursor = position < characters.count ? String(characters[position]) : " "
      line.append(underCursor, style: theme.cursor)
    } else if position < characters.count {
      line.append(String(characters[position]), style: theme.text)
    }
    if position + 1 < characters.count {
      line.append(String(characters[(position + 1)...]), style: theme.text)
    }
    return line.truncated(to: width, ellipsis: "").padded(to: width)
  }
}

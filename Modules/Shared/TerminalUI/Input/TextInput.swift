/// The text of a one-line field and its cursor, edited by keys: the model behind a
/// ``TextField``.
///
/// A feature keeps one in its state (or just the text, with the cursor at the end) and sends
/// the keys its field receives to ``handle(_:)``:
///
/// ```swift
/// var input = TextInput(text: "Zo")
/// input.handle(.character("ë"))  // "Zoë"
/// input.handle(.left)            // cursor before "ë"
/// input.handle(.backspace)       // "Zë"
/// ```
public struct TextInput: Hashable, Sendable {
  /// The text.
  public private(set) var text: String
  /// The cursor position, in characters from the start: `0...text.count`.
  public private(set) var cursor: Int

  /// The editing keys ``handle(_:)`` understands besides typing, as the help box lists them
  /// while a field has the keys.
  public static let editingHints = [
    KeyHint(keys: "←/→", label: "move the cursor"),
    KeyHint(keys: "home/end", label: "to the start/end"),
    KeyHint(keys: "ctrl-w", label: "delete a word"),
    KeyHint(keys: "ctrl-u/k", label: "clear before/after"),
  ]

  /// An input holding `text` with the cursor at `cursor` (clamped; the end by default).
  public init(text: String = "", cursor: Int? = nil) {
    self.text = text
    let count = text.count
    self.cursor = min(max(cursor ?? count, 0), count)
  }

  /// Applies `key`: characters are inserted at the cursor, backspace and delete remove the
  /// character before or under it, left, right, home, end (and Ctrl-A, Ctrl-E) move it, Ctrl-U
  /// clears the text before it, Ctrl-W the word before it (and the spaces after that word) and
  /// Ctrl-K the text after it, as in a shell. Returns whether the key was an editing key (other
  /// keys, such as enter, are left to the caller).
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      // A combining mark or a joiner merges into the character before it (typing "e" then
      // U+0301 gives "é"), so the cursor is counted again rather than moved by one.
      let before = String(text[..<index(cursor)]) + String(character)
      text = before + text[index(cursor)...]
      cursor = min(before.count, text.count)
    case .backspace:
      guard cursor > 0 else { return true }
      text.remove(at: index(cursor - 1))
      cursor -= 1
    case .delete, .ctrl("d"):
      guard cursor < text.count else { return true }
      text.remove(at: index(cursor))
    case .left, .ctrl("b"):
      cursor = max(cursor - 1, 0)
    case .right, .ctrl("f"):
      cursor = min(cursor + 1, text.count)
    case .home, .ctrl("a"):
      cursor = 0
    case .end, .ctrl("e"):
      cursor = text.count
    case .ctrl("u"):
      text.removeSubrange(..<index(cursor))
      cursor = 0
    case .ctrl("w"):
      let characters = Array(text[..<index(cursor)])
      var start = characters.count
      while start > 0, characters[start - 1].isWhitespace { start -= 1 }
      while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
      text.removeSubrange(index(start)..<index(cursor))
      cursor = start
    case .ctrl("k"):
      text.removeSubrange(index(cursor)...)
    default:
      return false
    }
    return true
  }

  /// A field showing this input (see ``TextField``).
  public func field(
    placeholder: String = "", prompt: StyledLine = .empty, isFocused: Bool = true
  ) -> TextField {
    TextField(
      text: text, cursor: cursor, placeholder: placeholder, prompt: prompt, isFocused: isFocused)
  }

  private func index(_ offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: offset)
  }
}

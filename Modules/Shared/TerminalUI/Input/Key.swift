/// A key the user pressed, as decoded from the terminal's input by ``KeyDecoder``.
public enum Key: Hashable, Sendable {
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// Enter or return (carriage return or line feed).
  case enter
  /// Escape, on its own.
  case escape
  /// Backspace (DEL or BS).
  case backspace
  /// Forward delete.
  case delete
  /// Tab.
  case tab
  /// Shift-tab.
  case backTab
  /// A control key: `ctrl("c")` for Ctrl-C. Letters are lowercase; Ctrl-@, Ctrl-\\, Ctrl-],
  /// Ctrl-^ and Ctrl-_ use those characters.
  case ctrl(Character)
  /// A printable character, one Unicode scalar (text fields append these; `String` joins
  /// combining marks and emoji sequences typed one scalar after another).
  case character(Character)
  /// A sequence that is not understood or not valid (an unknown escape sequence, invalid
  /// UTF-8); the keys after it are decoded as usual.
  case unknown
  /// Text the person pasted, as the terminal sends it in bracketed-paste mode (see
  /// ``ANSI/enableBracketedPaste``): one key, so that a tab, a newline or a letter in it is
  /// never taken for a key press. A host types it into a text field, or ignores it.
  case paste(String)

  /// A short name for help lines: `↑`, `enter`, `ctrl-c`, `j`.
  public var label: String {
    switch self {
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "home"
    case .end: "end"
    case .pageUp: "pgup"
    case .pageDown: "pgdn"
    case .enter: "enter"
    case .escape: "esc"
    case .backspace: "backspace"
    case .delete: "del"
    case .tab: "tab"
    case .backTab: "shift-tab"
    case .ctrl(let character): "ctrl-\(character)"
    case .character(" "): "space"
    case .character(let character): String(character)
    case .unknown: "unknown"
    case .paste: "paste"
    }
  }
}

/// The terminal control sequences (ANSI/ECMA-48) TerminalUI writes: Select Graphic Rendition
/// (SGR) for styles, cursor positioning and erasing, and the ones an app writes when it takes
/// over the terminal and gives it back.
///
/// Everything here is a pure function of its arguments: nothing reads the environment or
/// checks whether output goes to a terminal; the caller decides (with its ``Theme``) whether
/// colour is used at all.
public enum ANSI {
  /// The Control Sequence Introducer, `ESC [`.
  public static let csi = "\u{1B}["

  /// The sequence that returns to the default style.
  public static let reset = "\u{1B}[0m"

  /// The SGR parameters for `style`, in a fixed order: attributes, then foreground, then
  /// background. Empty for ``TextStyle/plain``.
  public static func sgrParameters(for style: TextStyle) -> [String] {
    var parameters: [String] = []
    if style.bold { parameters.append("1") }
    if style.dim { parameters.append("2") }
    if style.italic { parameters.append("3") }
    if style.underline { parameters.append("4") }
    if style.inverse { parameters.append("7") }
    if let foreground = style.foreground {
      parameters.append(colorParameters(foreground, base: 30, brightBase: 90, extended: 38))
    }
    if let background = style.background {
      parameters.append(colorParameters(background, base: 40, brightBase: 100, extended: 48))
    }
    return parameters
  }

  /// The sequence that switches to `style` (after a reset), or `""` for a plain style.
  public static func sequence(for style: TextStyle) -> String {
    let parameters = sgrParameters(for: style)
    guard !parameters.isEmpty else { return "" }
    return csi + parameters.joined(separator: ";") + "m"
  }

  /// The sequence that moves the cursor to `row` and `column`, both counted from 1.
  public static func moveCursor(row: Int, column: Int = 1) -> String {
    "\(csi)\(row);\(column)H"
  }

  /// The sequence that erases the whole line the cursor is on.
  public static let eraseLine = "\u{1B}[2K"

  /// The sequence that erases the whole screen (used only when the size changed).
  public static let eraseScreen = "\u{1B}[2J"

  /// Switches to the alternate screen, which the app draws on and which leaves the user's
  /// scrollback untouched.
  public static let enterAlternateScreen = "\u{1B}[?1049h"

  /// Switches back to the normal screen, as it was before ``enterAlternateScreen``.
  public static let leaveAlternateScreen = "\u{1B}[?1049l"

  /// Stops the terminal wrapping text at the right margin: a line wider than the terminal (for
  /// a character the terminal draws wider than ``DisplayWidth`` says) is cut there instead of
  /// spilling onto the next line, which a frame update would not redraw.
  public static let disableAutowrap = "\u{1B}[?7l"

  /// Lets the terminal wrap text at the right margin again, as terminals do by default.
  public static let enableAutowrap = "\u{1B}[?7h"

  /// Asks the terminal to mark pasted text (`ESC [ 200 ~` before it, `ESC [ 201 ~` after), so
  /// that ``KeyDecoder`` gives it as one ``Key/paste(_:)`` rather than as keys.
  public static let enableBracketedPaste = "\u{1B}[?2004h"

  /// Stops the terminal marking pasted text, as terminals do by default.
  public static let disableBracketedPaste = "\u{1B}[?2004l"

  /// Hides the terminal's cursor (a ``TextField`` draws its own).
  public static let hideCursor = "\u{1B}[?25l"

  /// Shows the terminal's cursor again.
  public static let showCursor = "\u{1B}[?25h"

  private static func colorParameters(
    _ color: TerminalColor, base: Int, brightBase: Int, extended: Int
  ) -> String {
    switch color {
    case .black: "\(base)"
    case .red: "\(base + 1)"
    case .green: "\(base + 2)"
    case .yellow: "\(base + 3)"
    case .blue: "\(base + 4)"
    case .magenta: "\(base + 5)"
    case .cyan: "\(base + 6)"
    case .white: "\(base + 7)"
    case .brightBlack: "\(brightBase)"
    case .brightRed: "\(brightBase + 1)"
    case .brightGreen: "\(brightBase + 2)"
    case .brightYellow: "\(brightBase + 3)"
    case .brightBlue: "\(brightBase + 4)"
    case .brightMagenta: "\(brightBase + 5)"
    case .brightCyan: "\(brightBase + 6)"
    case .brightWhite: "\(brightBase + 7)"
    case .indexed(let index): "\(extended);5;\(index)"
    case .rgb(let red, let green, let blue): "\(extended);2;\(red);\(green);\(blue)"
    }
  }
}

extension StyledLine {
  /// The line as text with ANSI SGR sequences: each styled run starts with its sequence and
  /// ends with a reset, plain runs are written as they are, and control characters in the
  /// text are shown as `�`.
  public var ansiText: String {
    var output = ""
    for span in normalized.spans {
      let text = Self.sanitized(span.text)
      let sequence = ANSI.sequence(for: span.style)
      if sequence.isEmpty {
        output += text
      } else {
        output += sequence + text + ANSI.reset
      }
    }
    return output
  }
}

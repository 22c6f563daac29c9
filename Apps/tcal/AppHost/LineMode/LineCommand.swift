/// One line of line mode's input, parsed.
///
/// Line mode is how scripts, CI and pipes drive the app: one command per line, each answered
/// with the resulting screen as plain text.
public enum LineCommand: Equatable, Sendable {
  /// `tab NAME` or `tab N`: switch to a tab by its name (`home`, `search`, `users`, `profile`,
  /// `settings`) or its number (1–5).
  case tab(String)
  /// `down [N]`: move the selection down N rows (1 when omitted).
  case down(Int)
  /// `up [N]`: move the selection up N rows (1 when omitted).
  case up(Int)
  /// `open`: open the selected row (the Enter key).
  case open
  /// `back`: go back one screen or close a dialog (the Escape key).
  case back
  /// `type TEXT`: type the text into the focused field, one key at a time.
  case type(String)
  /// `key NAME`: press one named key (`enter`, `esc`, `backspace`, `tab`, `up`, `down`,
  /// `left`, `right`, `pageup`, `pagedown`, `home`, `end`, `space`) or a single character.
  case key(String)
  /// `screen`: print the current screen again.
  case screen
  /// `state`: print the app's state.
  case state
  /// `travel back [N]`: show the state N recorded steps earlier (1 when omitted); the next
  /// command that acts resumes from it, dropping the later steps.
  case travelBack(Int)
  /// `travel forward [N]`: show the state N recorded steps later again (1 when omitted).
  case travelForward(Int)
  /// `history`: list the recorded steps, the current one marked.
  case history
  /// `help`: list the commands.
  case help
  /// `quit` (or `q`, `exit`): stop the app, as `q` does (it may ask first).
  case quit

  /// The names `key` accepts besides single characters and ``isControlKeyName(_:)``'s.
  public static let keyNames: Set<String> = [
    "enter", "return", "esc", "escape", "backspace", "tab", "backtab", "shift-tab", "up", "down",
    "left", "right", "pageup", "pagedown", "home", "end", "space", "delete",
  ]

  /// Whether `name` is a control key's: `ctrl-` and a letter (`ctrl-s` saves the profile).
  public static func isControlKeyName(_ name: String) -> Bool {
    guard name.hasPrefix("ctrl-"), name.count == 6, let letter = name.last else { return false }
    return letter.isASCII && letter.isLetter
  }

  /// The largest count `up`/`down` accept; larger ones are refused rather than looped over.
  public static let maximumCount = 10_000

  /// Parses one line; blank lines and `#` comments give `nil`.
  ///
  /// - Throws: ``LineCommandError`` saying what is wrong, in one line.
  public static func parse(_ line: String) throws(LineCommandError) -> LineCommand? {
    // A byte order mark, as some editors start a file with, is not part of the command.
    let trimmed = String(line.drop(while: { $0 == "\u{FEFF}" })).trimmingWhitespace
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
    if let control = trimmed.unicodeScalars.first(where: \.isDisallowedControl) {
      throw .controlCharacter(control.value)
    }
    let verb: Substring
    let rest: String
    if let space = trimmed.firstIndex(where: \.isWhitespace) {
      verb = trimmed[..<space]
      rest = String(trimmed[space...]).trimmingWhitespace
    } else {
      verb = Substring(trimmed)
      rest = ""
    }
    switch verb.lowercased() {
    case "tab":
      guard !rest.isEmpty else {
        throw .missingArgument(command: "tab", expected: "a tab name or number")
      }
      return .tab(rest.lowercased())
    case "down", "j":
      return .down(try count(rest, command: "down"))
    case "up", "k":
      return .up(try count(rest, command: "up"))
    case "open", "enter":
      try noArgument(rest, command: String(verb))
      return .open
    case "back", "esc":
      try noArgument(rest, command: String(verb))
      return .back
    case "type":
      guard !rest.isEmpty else {
        throw .missingArgument(command: "type", expected: "the text to type")
      }
      // Keep the text as written after the single separating space, inner spaces included.
      let text = trimmed.drop(while: { !$0.isWhitespace }).dropFirst()
      return .type(String(text))
    case "key":
      guard !rest.isEmpty else { throw .missingArgument(command: "key", expected: "a key name") }
      let name = rest.lowercased()
      guard keyNames.contains(name) || isControlKeyName(name) || rest.count == 1 else {
        throw .unknownKey(rest)
      }
      return .key(rest.count == 1 ? rest : name)
    case "screen":
      try noArgument(rest, command: "screen")
      return .screen
    case "state":
      try noArgument(rest, command: "state")
      return .state
    case "travel":
      return try travel(rest)
    case "history":
      try noArgument(rest, command: "history")
      return .history
    case "help", "?":
      return .help
    case "quit", "q", "exit":
      try noArgument(rest, command: String(verb))
      return .quit
    default:
      throw .unknownCommand(String(verb))
    }
  }

  private static func count(_ argument: String, command: String) throws(LineCommandError) -> Int {
    guard !argument.isEmpty else { return 1 }
    guard let value = Int(argument), value >= 1, value <= maximumCount else {
      throw .badCount(command: command, argument)
    }
    return value
  }

  /// `back [N]` or `forward [N]`, after `travel`.
  private static func travel(_ argument: String) throws(LineCommandError) -> LineCommand {
    let direction: Substring
    let rest: String
    if let space = argument.firstIndex(where: \.isWhitespace) {
      direction = argument[..<space]
      rest = String(argument[space...]).trimmingWhitespace
    } else {
      direction = Substring(argument)
      rest = ""
    }
    switch direction.lowercased() {
    case "back":
      return .travelBack(try count(rest, command: "travel back"))
    case "forward":
      return .travelForward(try count(rest, command: "travel forward"))
    case "":
      throw .missingArgument(command: "travel", expected: "\"back\" or \"forward\"")
    default:
      throw .unknownDirection(String(direction))
    }
  }

  private static func noArgument(_ argument: String, command: String) throws(LineCommandError) {
    guard argument.isEmpty else { throw .unexpectedArgument(command: command, argument) }
  }

  /// What `help` prints: every command with what it does, for an app of the tabs `tabNames`
  /// (`tab` is listed only with more than one) that records its history for `travel` and
  /// `history`, or not.
  public static func helpText(tabNames: [String], recordsHistory: Bool) -> String {
    var lines = ["Commands (one per line):"]
    if tabNames.count > 1 {
      let names = tabNames.map { $0.lowercased() }.joined(separator: ", ")
      lines.append("  tab NAME|N      switch tab: \(names) (or 1-\(tabNames.count))")
    }
    lines += [
      "  down [N], j     move the selection down (N rows)",
      "  up [N], k       move the selection up (N rows)",
      "  open            open the selected row (Enter)",
      "  back            go back or close a dialog (Esc)",
      "  type TEXT       type TEXT into the focused text field (an error when none is)",
      "  key NAME        press a key: enter, esc, backspace, delete, tab, shift-tab, up,",
      "                  down, left, right, pageup, pagedown, home, end, space, ctrl-A to",
      "                  ctrl-Z (ctrl-s, ctrl-t…; ctrl-c as quit), or one character",
      "  screen          print the screen again",
      "  state           print the app's state",
    ]
    if recordsHistory {
      lines += [
        "  travel back [N] show the state N steps earlier (the next command that acts, not",
        "                  screen, state or history, resumes from it)",
        "  travel forward [N]",
        "                  show the state N steps later again",
        "  history         list the recorded steps, the current one marked ›",
      ]
    }
    lines += [
      "  help            this list",
      "  quit            stop; with unsaved changes it asks first, and a second quit",
      "                  quits anyway (end of input quits at once)",
    ]
    return lines.joined(separator: "\n")
  }
}

/// Why a line could not be understood; ``description`` is the one-line message line mode
/// prints before going on.
public enum LineCommandError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The first word is not a command.
  case unknownCommand(String)
  /// The command needs an argument.
  case missingArgument(command: String, expected: String)
  /// The command takes no argument.
  case unexpectedArgument(command: String, String)
  /// The count is not a whole number in range.
  case badCount(command: String, String)
  /// `key` named no key.
  case unknownKey(String)
  /// `travel` was not followed by `back` or `forward`.
  case unknownDirection(String)
  /// The line holds a control character (such as ESC or NUL), with its code point; only tabs
  /// may separate words.
  case controlCharacter(UInt32)

  /// One line for people.
  public var description: String {
    switch self {
    case let .unknownCommand(verb):
      "Unknown command \"\(Self.shortened(verb))\". Type \"help\" for the list."
    case let .missingArgument(command, expected):
      "\"\(command)\" needs \(expected)."
    case let .unexpectedArgument(command, argument):
      "\"\(command)\" takes no argument (got \"\(argument)\")."
    case let .badCount(command, argument):
      "\"\(command)\" takes a count from 1 to \(LineCommand.maximumCount) (got \"\(argument)\")."
    case let .unknownKey(name):
      "Unknown key \"\(Self.shortened(name))\". Type \"help\" for the key names."
    case let .unknownDirection(direction):
      "\"travel\" goes \"back\" or \"forward\" (got \"\(Self.shortened(direction))\")."
    case let .controlCharacter(value):
      "Lines may not hold control characters (found U+\(Self.hex(value)))."
    }
  }

  /// The longest text a message repeats from its line; longer text is cut with "…".
  static let maximumQuotedLength = 40

  /// `text` cut to ``maximumQuotedLength`` characters, so a line of garbage makes a short
  /// message.
  static func shortened(_ text: String) -> String {
    text.count <= maximumQuotedLength ? text : text.prefix(maximumQuotedLength - 1) + "…"
  }

  /// `value` as at least four upper-case hexadecimal digits, as in U+001B.
  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension Unicode.Scalar {
  /// Whether line mode refuses this scalar: a control character (C0, DEL or C1) other than
  /// the tab, which separates words like a space.
  var isDisallowedControl: Bool {
    properties.generalCategory == .control && self != "\t"
  }
}

extension String {
  /// The string without surrounding whitespace.
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

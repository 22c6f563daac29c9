/// What the hosts show around a screen: the status line's hints and the help box's, the same
/// for the composed app and a feature run on its own.
///
/// The status line lists the screen's keys (those hinted for it, ``KeyHint/isInStatusLine``),
/// then the host's navigation, then `?` and how to quit, which stay when a narrow line leaves
/// out the others; the help box lists them all, the screen's first. Quitting is `q` unless the screen takes it
/// (a text field), when only `ctrl-c` quits.
public struct Chrome: Equatable, Sendable {
  /// The screen's keys.
  public var screenHints: [KeyHint]
  /// The host's keys the status line shows after the screen's (`esc` back, `tab`).
  public var statusHints: [KeyHint]
  /// The host's keys the help box lists after the screen's (every one of them).
  public var helpHints: [KeyHint]
  /// Keys of a host wrapping this one (the history panel's), listed last.
  public var outerHints: [KeyHint]
  /// Whether the screen takes `q`.
  public var screenTakesQuitKey: Bool
  /// Whether the screen takes `?` (a text field): the status line then offers `ctrl-g help`
  /// (as `nano` does), which no screen takes.
  public var screenTakesHelpKey: Bool
  /// Whether the help box can be shown over the screen (not over a panel that takes every key).
  public var offersHelp: Bool

  /// The chrome of a screen with `screenHints`, whose host adds `statusHints` and `helpHints`.
  public init(
    screenHints: [KeyHint], statusHints: [KeyHint] = [], helpHints: [KeyHint] = [],
    outerHints: [KeyHint] = [], screenTakesQuitKey: Bool, screenTakesHelpKey: Bool = false,
    offersHelp: Bool = true
  ) {
    self.screenHints = screenHints
    self.statusHints = statusHints
    self.helpHints = helpHints
    self.outerHints = outerHints
    self.screenTakesQuitKey = screenTakesQuitKey
    self.screenTakesHelpKey = screenTakesHelpKey
    self.offersHelp = offersHelp
  }

  /// The chrome of `screen`, whose host adds `statusHints` and `helpHints`.
  public init(
    of screen: some TerminalView, statusHints: [KeyHint] = [], helpHints: [KeyHint] = [],
    outerHints: [KeyHint] = []
  ) {
    self.init(
      screenHints: screen.keyHints, statusHints: statusHints, helpHints: helpHints,
      outerHints: outerHints, screenTakesQuitKey: screen.takesQuitKey,
      screenTakesHelpKey: screen.action(for: .character("?")) != nil)
  }

  /// The status line's hints: ``statusLeading`` then ``statusPinned``.
  public var status: [KeyHint] {
    statusLeading + statusPinned
  }

  /// The status line's hints that give way when the line is short, from the end: the screen's
  /// keys (those it shows, ``KeyHint/isInStatusLine``), the host's, then the wrapping host's.
  public var statusLeading: [KeyHint] {
    screenHints.filter(\.isInStatusLine) + statusHints + outerHints
  }

  /// The status line's hints it keeps whatever its width: how to get help (`?`, or `ctrl-g`
  /// where the screen takes `?`) and how to quit.
  public var statusPinned: [KeyHint] {
    (offersHelp ? [KeyHint(keys: screenTakesHelpKey ? "ctrl-g" : "?", label: "help")] : [])
      + [KeyHint(keys: screenTakesQuitKey ? "ctrl-c" : "q", label: "quit")]
  }

  /// The status line of this chrome, with `status` at its right end.
  public func statusLine(status: String = "") -> StatusLine {
    StatusLine(hints: statusLeading, pinned: statusPinned, status: status)
  }

  /// The help box's hints: every key, down to the terminal's own `ctrl-z`; while a text field
  /// has the keys (the screen takes `?`), its editing keys after the screen's
  /// (``TextInput/editingHints``).
  public var help: [KeyHint] {
    screenHints + (screenTakesHelpKey ? TextInput.editingHints : []) + helpHints + [
      KeyHint(keys: screenTakesHelpKey ? "ctrl-g" : "?/ctrl-g", label: "this help"),
      KeyHint(keys: screenTakesQuitKey ? "ctrl-c" : "q/ctrl-c", label: "quit"),
      KeyHint(keys: "ctrl-z", label: "suspend (fg resumes)"),
    ] + outerHints
  }
}

import ComposableArchitecture
import TerminalUI

/// The keys every hosted screen shares, and the box listing them: the composed app and a
/// feature run on its own handle them the same way, through this.
///
/// A key goes to the screen first. What the screen does not take is the host's: `?` or
/// `ctrl-g` shows the help box (`esc`, `?`, `ctrl-g`, `enter` or `q` close it, `j`/`↓` and
/// `k`/`↑` scroll it when the window is too low for every key, and it takes every other key
/// meanwhile) and `q` quits: the hosts then ask the app first, as for `ctrl-c` (unsaved
/// changes). A screen that takes `q` or `?` (a text field, a dialog) keeps them; the status line
/// then says `ctrl-c` quits, which the terminal host always honours, and `ctrl-g` shows the help.
public struct HelpOverlay: Equatable, Sendable {
  /// Whether the box listing every key is shown.
  public private(set) var isPresented = false
  /// How many keys the box scrolled past (kept within what the window leaves out when drawn).
  public private(set) var scroll = 0

  /// No box shown.
  public init() {}

  /// Handles `key`: closes the box while it is shown, else sends the screen's action for it
  /// (`send` returns `nil` for a key the screen does not take), else `?` opens the box and `q`
  /// quits.
  public mutating func handle(_ key: Key, send: (Key) -> StoreTask?) -> KeyOutcome {
    if isPresented {
      switch key {
      case .character("j"), .down: scroll += 1
      case .character("k"), .up: scroll = max(scroll - 1, 0)
      default:
        if ModalBox.helpClosingKeys.contains(key) { (isPresented, scroll) = (false, 0) }
      }
      return .handled
    }
    if let task = send(key) { return .sent(task) }
    switch key {
    case .character("?"), .ctrl("g"):
      isPresented = true
      return .handled
    case .character("q"):
      return .quit
    default:
      return .handled
    }
  }

  /// `screen`, with the box titled `title` listing `chrome`'s keys over it while it is shown.
  /// When the screen is too low for every key, the title says `j/k` scroll, and the list starts
  /// ``scroll`` keys down; ``scroll`` is kept to what shows the last key, so that `k` moves back
  /// at once.
  public mutating func overlaying(
    _ screen: Screen, title: String, chrome: Chrome, theme: Theme
  ) -> Screen {
    guard isPresented else { return screen }
    let hints = chrome.help
    // The box's borders, the blank line and the Close button take four lines.
    let room = max(screen.height - 4, 1)
    guard hints.count > room else {
      scroll = 0
      return screen.overlaying(
        ModalBox.help(title: title, hints: hints, theme: theme), theme: theme)
    }
    scroll = min(scroll, hints.count - room)
    let first = scroll
    return screen.overlaying(
      ModalBox.help(
        title: "\(title) \(first + 1)-\(min(first + room, hints.count))/\(hints.count) · j/k",
        hints: Array(hints.dropFirst(first)), theme: theme),
      theme: theme)
  }
}

import ComposableArchitecture
import TerminalUI

/// The keys every hosted screen shares, and the box listing them: the composed app and a
/// feature run on its own handle them the same way, through this.
///
/// A key goes to the screen first. What the screen does not take is the host's: `?` shows the
/// help box (`esc`, `?`, `enter` or `q` close it, and it takes every other key meanwhile) and
/// `q` quits: the hosts then ask the app first, as for `ctrl-c` (unsaved changes). A screen
/// that takes `q` or `?` (a text field, a dialog) keeps them; the status line then says
/// `ctrl-c` quits, which the terminal host always honours.
public struct HelpOverlay: Equatable, Sendable {
  /// Whether the box listing every key is shown.
  public private(set) var isPresented = false

  /// No box shown.
  public init() {}

  /// Handles `key`: closes the box while it is shown, else sends the screen's action for it
  /// (`send` returns `nil` for a key the screen does not take), else `?` opens the box and `q`
  /// quits.
  public mutating func handle(_ key: Key, send: (Key) -> StoreTask?) -> KeyOutcome {
    if isPresented {
      if ModalBox.helpClosingKeys.contains(key) { isPresented = false }
      return .handled
    }
    if let task = send(key) { return .sent(task) }
    switch key {
    case .character("?"):
      isPresented = true
      return .handled
    case .character("q"):
      return .quit
    default:
      return .handled
    }
  }

  /// `screen`, with the box titled `title` listing `chrome`'s keys over it while it is shown.
  public func overlaying(
    _ screen: Screen, title: String, chrome: Chrome, theme: Theme
  ) -> Screen {
    guard isPresented else { return screen }
    return screen.overlaying(
      ModalBox.help(title: title, hints: chrome.help, theme: theme), theme: theme)
  }
}

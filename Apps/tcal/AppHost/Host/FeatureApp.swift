import ComposableArchitecture
import TerminalUI

/// One feature run on its own, as the hosts drive it: the feature's view draws the screen above
/// a status line of its keys, and keys go to the view's bindings first.
///
/// Keys the view does not take are the host's: `?` shows every key in a box (`esc`, `?`,
/// `enter` or `q` close it) and `q` quits. A view that takes `q` (a text field) keeps it; the
/// status line then says `ctrl-c` quits, which the terminal host always honours.
///
/// There is one tab, named after the feature, so line mode's `tab 1` only redraws. Delegate
/// actions (such as opening a user) go nowhere: the composed app is what handles them.
@MainActor
public final class FeatureApp<Feature: Reducer, View: FeatureScreen>: HostedApp
where View.Action == Feature.Action, View.State == Feature.State {
  /// The feature's store.
  public let store: StoreOf<Feature>
  /// Text at the right end of the status line, such as "mock data".
  public let status: String
  /// Whether the box listing every key is shown.
  public private(set) var isHelpPresented = false

  /// Runs `store`'s feature drawn by `View`.
  public init(store: StoreOf<Feature>, view _: View.Type, status: String = "") {
    self.store = store
    self.status = status
  }

  /// The feature's name, for the tab and the help box.
  public var title: String { View.title }

  /// The feature's one tab.
  public var tabNames: [String] { [title] }

  /// The view's lines above the status line, with the help box over them when shown.
  public func screen(in context: RenderContext) -> Screen {
    let view = View(state: store.state)
    let theme = context.theme
    let chrome = Chrome(of: view)
    let status = StatusLine(hints: chrome.status, status: status)
    let screen = Screen(
      width: context.width,
      height: context.height,
      footer: [status.line(width: context.width, theme: theme)]
    ) { height in
      var body = context
      body.height = height
      return view.render(in: body)
    }
    guard isHelpPresented else { return screen }
    let help = ModalBox.help(title: "\(title) keys", hints: chrome.help, theme: theme)
    return screen.overlaying(help, theme: theme)
  }

  /// Sends the view's action for `key`; else `?` toggles the help box and `q` quits.
  public func handle(_ key: Key) -> KeyOutcome {
    if isHelpPresented {
      if ModalBox.helpClosingKeys.contains(key) { isHelpPresented = false }
      return .handled
    }
    if let action = View(state: store.state).action(for: key) {
      return .sent(store.send(action))
    }
    switch key {
    case .character("?"):
      isHelpPresented = true
      return .handled
    case .character("q"):
      return .quit
    default:
      return .handled
    }
  }

  /// The only tab is already shown: nothing to send.
  public func selectTab(_ index: Int) -> StoreTask? {
    nil
  }

  /// The feature's state, dumped.
  public var stateDump: String {
    String(customDumping: store.state)
  }

  /// Whether the feature is waiting on a request, which shows a spinner.
  public var isAnimating: Bool {
    View(state: store.state).isBusy
  }
}

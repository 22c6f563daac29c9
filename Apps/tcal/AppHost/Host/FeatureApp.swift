import ComposableArchitecture
import TerminalUI

/// One feature run on its own, as the hosts drive it: the feature's view draws the screen above
/// a status line of its keys, and keys go to the view's bindings first.
///
/// Keys the view does not take are the host's, as in the composed app: `?` shows every key in a
/// box and `q` quits (see ``HelpOverlay``).
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
  /// The help box, and the keys the host handles.
  public private(set) var help = HelpOverlay()

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
    let status = chrome.statusLine(status: status)
    let screen = Screen(
      width: context.width,
      height: context.height,
      footer: [status.line(width: context.width, theme: theme)]
    ) { height in
      var body = context
      body.height = height
      return view.render(in: body)
    }
    return help.overlaying(screen, title: "\(title) keys", chrome: chrome, theme: theme)
  }

  /// Sends the view's action for `key`; else `?` toggles the help box and `q` quits.
  public func handle(_ key: Key) -> KeyOutcome {
    help.handle(key) { key in
      View(state: store.state).action(for: key).map { store.send($0) }
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

import ComposableArchitecture
import SettingsFeature
import TerminalUI

/// The whole app's terminal view: the tabs (``AppTab``) with the drill-down stack's last screen
/// over the selected one, as a ``TabbedScreen``; `/` chooses Search when the screen does not
/// take it. The help box (`?`) and quitting (`q`, `ctrl-c`) are the host's, as for a feature run
/// on its own; ``chrome`` lists the keys for both.
public struct AppView: TerminalView {
  /// The state drawn.
  public var state: App.State
  /// Keys the host handles before the app (such as the history panel's), listed after the
  /// app's own in the status line and the help.
  public var hostHints: [KeyHint]

  /// Creates the view of `state`.
  public init(state: App.State, hostHints: [KeyHint] = []) {
    self.state = state
    self.hostHints = hostHints
  }

  /// The tab bar, the screen on top, and the status line.
  public func render(in context: RenderContext) -> [StyledLine] {
    layout.render(in: context)
  }

  /// What keys do: `tab`, then the top screen's, then the app's.
  public var keyBindings: [KeyBinding<App.Action>] {
    layout.keyBindings
  }

  /// The status line's and the help box's keys: the top screen's, then the app's, then the
  /// host's.
  public var chrome: Chrome {
    layout.chrome
  }

  /// Whether any feature, in a tab or the stack, is waiting on a request (a spinner animates).
  public var isBusy: Bool {
    layout.isBusy
  }

  private var layout: TabbedScreen<App.Action> {
    TabbedScreen(
      tabs: AppTab.allCases.map { $0.screen(in: state) },
      selection: AppTab.allCases.firstIndex(of: state.selectedTab) ?? 0,
      stack: state.path.ids.compactMap { id in state.path[id: id]?.screen(id: id) },
      select: { .tabSelected(AppTab.allCases[$0]) },
      back: .backRequested,
      shortcuts: [KeyBinding(.character("/"), label: "search", action: .tabSelected(.search))],
      status: state.settings.notice ?? "",
      hostHints: hostHints)
  }
}

import ComposableArchitecture
import SettingsFeature
import TerminalUI

/// The whole app's terminal view: the tab bar, the screen on top (the drill-down stack's last
/// screen, else the selected tab's feature), and a status line of what keys do.
///
/// Keys go to the screen on top first, then to the app: `tab`/`shift-tab` always switch tabs;
/// `1`–`5`, `/` (search) and `esc` or `backspace` (back) apply when the screen does not take
/// them (a text field takes characters). The help box (`?`) and quitting (`q`, `ctrl-c`) are
/// the host's, as for a feature run on its own; ``chrome`` lists the keys for both.
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
    let top = topScreen
    let status = StatusLine(hints: chrome(of: top).status, status: state.settings.notice ?? "")
    var body = context
    body.height = max(context.height - 2, 0)
    return Screen(
      width: context.width,
      height: context.height,
      header: [tabBar.line(width: context.width, theme: context.theme)],
      footer: [status.line(width: context.width, theme: context.theme)]
    ) { _ in top.render(in: body) }.lines
  }

  /// What keys do: `tab`, then the top screen's, then the app's.
  public var keyBindings: [KeyBinding<App.Action>] {
    let select = { App.Action.tabSelected(AppTab.allCases[$0]) }
    let back = KeyBinding(
      [.escape, .backspace], label: "back", keysLabel: "esc", action: App.Action.backRequested)
    return tabBar.cycleBindings(select: select) + topScreen.keyBindings
      + tabBar.numberBindings(select: select) + (state.path.isEmpty ? [] : [back])
      + [KeyBinding(.character("/"), label: nil, action: .tabSelected(.search))]
  }

  /// The status line's and the help box's keys: the top screen's, then the app's, then the
  /// host's.
  public var chrome: Chrome {
    chrome(of: topScreen)
  }

  /// The screen on top: the stack's last screen, else the selected tab's.
  var topScreen: EmbeddedScreen<App.Action> {
    if let id = state.path.ids.last, let element = state.path[id: id] {
      return element.screen(id: id)
    }
    return state.selectedTab.screen(in: state)
  }

  private var tabBar: TabBar {
    TabBar(
      titles: AppTab.allCases.map { $0.screen(in: state).title },
      selection: AppTab.allCases.firstIndex(of: state.selectedTab) ?? 0)
  }

  private func chrome(of top: EmbeddedScreen<App.Action>) -> Chrome {
    Chrome(
      of: top,
      statusHints: (state.path.isEmpty ? [] : [KeyHint(keys: "esc", label: "back")])
        + [KeyHint(keys: "tab", label: "next tab")],
      helpHints: tabBar.helpHints + [
        KeyHint(keys: "/", label: "search"), KeyHint(keys: "esc/backspace", label: "back"),
      ],
      outerHints: hostHints)
  }
}

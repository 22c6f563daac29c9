import ComposableArchitecture
import SettingsFeature
import TerminalUI
import UserDetailFeature

/// The whole app's terminal view: the tab bar, the screen on top (the drill-down stack's last
/// screen, else the selected tab's feature), and a status line of what keys do.
///
/// Keys go to the screen on top first, then to the app: `tab`/`shift-tab` always switch tabs;
/// `1`–`5`, `/` (search), `esc` or `backspace` (back) and `?` (help) apply when the screen does
/// not take them (a text field takes characters). Quitting (`q`, `ctrl-c`) is the host's: it is
/// the one key the app leaves unhandled on purpose.
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

  /// The tab bar, the screen on top, and the status line; the help box over them when shown.
  public func render(in context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    let top = topScreen
    let chrome = self.chrome(of: top)
    let tabs = TabBar(titles: AppTab.allCases.map(\.title), selection: state.selectedTab.index)
    let status = StatusLine(hints: chrome.status, status: state.settings.notice ?? "")
    var bodyContext = context
    bodyContext.height = max(context.height - 2, 0)
    let screen = Screen(
      width: context.width,
      height: context.height,
      header: [tabs.line(width: context.width, theme: theme)],
      footer: [status.line(width: context.width, theme: theme)]
    ) { _ in top.render(in: bodyContext) }
    guard state.isHelpPresented else { return screen.lines }
    let help = ModalBox.help(title: "Keys", hints: chrome.help, theme: theme)
    return screen.overlaying(help, theme: theme).lines
  }

  /// What keys do: the help box's while it is shown, else the top screen's, then the app's.
  public var keyBindings: [KeyBinding<App.Action>] {
    if state.isHelpPresented {
      return [KeyBinding(ModalBox.helpClosingKeys, label: "close", action: .helpToggled)]
    }
    return [
      KeyBinding(
        .tab, label: "next tab", keysLabel: "tab", action: .tabSelected(state.selectedTab.next)),
      KeyBinding(.backTab, label: nil, action: .tabSelected(state.selectedTab.previous)),
    ]
      + topScreen.keyBindings
      + AppTab.allCases.map { tab in
        KeyBinding(
          .character(Character(String(tab.index + 1))), label: nil, action: .tabSelected(tab))
      }
      + (state.path.isEmpty
        ? []
        : [
          KeyBinding(
            [.escape, .backspace], label: "back", keysLabel: "esc", action: .backRequested)
        ])
      + [
        KeyBinding(.character("/"), label: nil, action: .tabSelected(.search)),
        KeyBinding(.character("?"), label: "help", action: .helpToggled),
      ]
  }

  /// The screen on top: the stack's last screen, else the selected tab's.
  var topScreen: AppScreen {
    if let id = state.path.ids.last, case let .userDetail(detail)? = state.path[id: id] {
      return AppScreen(UserDetailView(state: detail)) {
        .path(.element(id: id, action: .userDetail($0)))
      }
    }
    return state.selectedTab.screen(in: state)
  }

  /// The status line and help around `top`: its keys, then the app's.
  private func chrome(of top: AppScreen) -> Chrome {
    Chrome(
      of: top,
      statusHints: (state.path.isEmpty ? [] : [KeyHint(keys: "esc", label: "back")])
        + [KeyHint(keys: "tab", label: "next tab")],
      helpHints: [
        KeyHint(keys: "tab/shift-tab", label: "next/previous tab"),
        KeyHint(
          keys: "1-\(AppTab.allCases.count)",
          label: AppTab.allCases.map(\.title).joined(separator: ", ")),
        KeyHint(keys: "/", label: "search"),
        KeyHint(keys: "esc/backspace", label: "back"),
      ],
      outerHints: hostHints)
  }
}

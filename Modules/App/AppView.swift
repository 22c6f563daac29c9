import ComposableArchitecture
import HomeFeature
import ProfileFeature
import SearchFeature
import SettingsFeature
import TerminalUI
import UserDetailFeature
import UserListFeature

/// The whole app's terminal view: the tab bar, the screen on top (the drill-down stack's last
/// screen, else the selected tab's feature), and a status line of what keys do.
///
/// Keys go to the screen on top first, then to the app: `tab`/`shift-tab` always switch tabs;
/// `1`–`5`, `/` (search), `esc` or `backspace` (back) and `?` (help) apply when the screen does
/// not take them (a text field takes characters). Quitting (`q`, `ctrl-c`) is the host's: it is the one key the app leaves
/// unhandled on purpose.
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
    let tabs = TabBar(
      titles: AppTab.allCases.map(\.title),
      selection: AppTab.allCases.firstIndex(of: state.selectedTab) ?? 0)
    let status = StatusLine(hints: statusHints, status: statusText)
    let bodyHeight = max(context.height - 2, 0)
    var bodyContext = context
    bodyContext.height = bodyHeight
    let screen = Screen(
      width: context.width,
      height: context.height,
      header: [tabs.line(width: context.width, theme: theme)],
      footer: [status.line(width: context.width, theme: theme)]
    ) { _ in body(in: bodyContext) }
    guard state.isHelpPresented else { return screen.lines }
    let help = ModalBox.help(title: "Keys", hints: helpHints, theme: theme)
    return screen.overlaying(help, theme: theme).lines
  }

  /// What keys do: the help box's while it is shown, else the top screen's, then the app's.
  public var keyBindings: [KeyBinding<App.Action>] {
    if state.isHelpPresented {
      return [
        KeyBinding(
          [.escape, .character("?"), .enter, .character("q")], label: "close", action: .helpToggled)
      ]
    }
    return [
      KeyBinding(
        .tab, label: "next tab", keysLabel: "tab", action: .tabSelected(state.selectedTab.next)),
      KeyBinding(.backTab, label: nil, action: .tabSelected(state.selectedTab.previous)),
    ]
      + screenBindings
      + AppTab.allCases.enumerated().map { index, tab in
        KeyBinding(.character(Character(String(index + 1))), label: nil, action: .tabSelected(tab))
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

  /// The screen on top's lines.
  private func body(in context: RenderContext) -> [StyledLine] {
    if let id = state.path.ids.last, case let .userDetail(detail)? = state.path[id: id] {
      return UserDetailView(state: detail).render(in: context)
    }
    switch state.selectedTab {
    case .home: return HomeView(state: state.home).render(in: context)
    case .search: return SearchView(state: state.search).render(in: context)
    case .users: return UserListView(state: state.users).render(in: context)
    case .profile: return ProfileView(state: state.profile).render(in: context)
    case .settings: return SettingsView(state: state.settings).render(in: context)
    }
  }

  /// The top screen's bindings, sending the app's actions.
  private var screenBindings: [KeyBinding<App.Action>] {
    if let id = state.path.ids.last, case let .userDetail(detail)? = state.path[id: id] {
      return UserDetailView(state: detail).keyBindings.sending {
        App.Action.path(.element(id: id, action: .userDetail($0)))
      }
    }
    switch state.selectedTab {
    case .home: return HomeView(state: state.home).keyBindings.sending(App.Action.home)
    case .search: return SearchView(state: state.search).keyBindings.sending(App.Action.search)
    case .users: return UserListView(state: state.users).keyBindings.sending(App.Action.users)
    case .profile:
      return ProfileView(state: state.profile).keyBindings.sending(App.Action.profile)
    case .settings:
      return SettingsView(state: state.settings).keyBindings.sending(App.Action.settings)
    }
  }

  /// Whether the top screen takes typed characters (then `q` types, and quitting is ctrl-c).
  private var screenTakesText: Bool {
    guard state.path.isEmpty else { return false }
    switch state.selectedTab {
    case .search: return state.search.isEditingQuery
    case .profile: return true
    case .home, .users, .settings: return false
    }
  }

  private var statusHints: [KeyHint] {
    var hints = screenBindings.hints()
    if !state.path.isEmpty { hints.append(KeyHint(keys: "esc", label: "back")) }
    hints.append(KeyHint(keys: "tab", label: "next tab"))
    hints.append(KeyHint(keys: "?", label: "help"))
    hints.append(KeyHint(keys: screenTakesText ? "ctrl-c" : "q", label: "quit"))
    return hints + hostHints
  }

  private var helpHints: [KeyHint] {
    screenBindings.hints() + [
      KeyHint(keys: "tab/shift-tab", label: "next/previous tab"),
      KeyHint(keys: "1-5", label: "Home, Search, Users, Profile, Settings"),
      KeyHint(keys: "/", label: "search"),
      KeyHint(keys: "esc/backspace", label: "back"),
      KeyHint(keys: "?", label: "this help"),
      KeyHint(keys: screenTakesText ? "ctrl-c" : "q/ctrl-c", label: "quit"),
    ] + hostHints
  }

  private var statusText: String {
    state.settings.notice ?? ""
  }
}

extension AppTab {
  /// The tab after this one, wrapping around.
  var next: AppTab {
    let all = AppTab.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + 1) % all.count]
  }

  /// The tab before this one, wrapping around.
  var previous: AppTab {
    let all = AppTab.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + all.count - 1) % all.count]
  }
}

extension Array {
  /// Each binding sending `transform(action)` instead, as the app embeds a screen's bindings.
  fileprivate func sending<Child, Parent>(
    _ transform: @escaping (Child) -> Parent
  ) -> [KeyBinding<Parent>] where Element == KeyBinding<Child> {
    map { $0.map(transform) }
  }
}

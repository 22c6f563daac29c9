import ComposableArchitecture
import HomeFeature
import ProfileFeature
import SearchFeature
import SettingsFeature
import TerminalUI
import UserDetailFeature
import UserListFeature

/// The app's tabs, in the order the tab bar shows them (and the number keys choose them).
public enum AppTab: String, CaseIterable, Equatable, Hashable, Sendable {
  /// The feed of everyone's posts.
  case home
  /// Search-as-you-type over users and posts.
  case search
  /// Everyone, a page at a time.
  case users
  /// The signed-in person's profile editor.
  case profile
  /// What the app honours: theme, page size, search debounce, post previews.
  case settings

  /// The tab's screen in `state`, its keys sending the app's actions: the one table of which
  /// feature each tab shows.
  func screen(in state: App.State) -> EmbeddedScreen<App.Action> {
    switch self {
    case .home: EmbeddedScreen(HomeView(state: state.home), App.Action.home)
    case .search: EmbeddedScreen(SearchView(state: state.search), App.Action.search)
    case .users: EmbeddedScreen(UserListView(state: state.users), App.Action.users)
    case .profile: EmbeddedScreen(ProfileView(state: state.profile), App.Action.profile)
    case .settings: EmbeddedScreen(SettingsView(state: state.settings), App.Action.settings)
    }
  }

  /// The action the tab's feature is sent each time it is shown, if any.
  func appearAction(in state: App.State) -> App.Action? { screen(in: state).appearAction }
}

extension App.Path.State {
  /// The screen of the stack element `id` holding this state, its keys sending the app's
  /// actions.
  func screen(id: StackElementID) -> EmbeddedScreen<App.Action> {
    switch self {
    case let .userDetail(detail):
      EmbeddedScreen(UserDetailView(state: detail)) {
        .path(.element(id: id, action: .userDetail($0)))
      }
    }
  }
}

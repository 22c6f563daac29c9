import HomeFeature
import ProfileFeature
import SearchFeature
import SettingsFeature
import UserListFeature

/// The app's tabs, in the order the tab bar shows them (keys 1 to 5).
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

  /// The tab's screen in `state`, its keys sending the app's actions.
  func screen(in state: App.State) -> AppScreen {
    switch self {
    case .home: AppScreen(HomeView(state: state.home), App.Action.home)
    case .search: AppScreen(SearchView(state: state.search), App.Action.search)
    case .users: AppScreen(UserListView(state: state.users), App.Action.users)
    case .profile: AppScreen(ProfileView(state: state.profile), App.Action.profile)
    case .settings: AppScreen(SettingsView(state: state.settings), App.Action.settings)
    }
  }

  /// The name the tab bar shows: the feature's.
  public var title: String {
    switch self {
    case .home: HomeView.title
    case .search: SearchView.title
    case .users: UserListView.title
    case .profile: ProfileView.title
    case .settings: SettingsView.title
    }
  }

  /// The tab after this one, wrapping around.
  var next: AppTab { Self.allCases[(index + 1) % Self.allCases.count] }

  /// The tab before this one, wrapping around.
  var previous: AppTab { Self.allCases[(index + Self.allCases.count - 1) % Self.allCases.count] }

  /// The tab's position in the tab bar.
  var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

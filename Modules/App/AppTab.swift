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

  /// The name the tab bar shows.
  public var title: String {
    switch self {
    case .home: "Home"
    case .search: "Search"
    case .users: "Users"
    case .profile: "Profile"
    case .settings: "Settings"
    }
  }
}

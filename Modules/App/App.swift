import AppSettings
import ComposableArchitecture
import FeatureKit
import HomeFeature
import ProfileFeature
import SearchFeature
import SettingsFeature
import SharedModels
import UserDetailFeature
import UserListFeature

/// The composed app: five tabs (Home, Search, Users, Profile, Settings), each a feature scoped
/// from this state, and a drill-down stack over them.
///
/// Features never reach each other: they tell the app through their delegate actions, and the
/// app decides. Opening a user (from the feed, a search result or the users list) pushes a
/// ``Path/userDetail(_:)`` screen. The settings are one shared value (`@Shared(.userSettings)`)
/// that each feature honouring one reads itself, so the next request uses a change at once; a
/// list loaded at another page size reloads when its tab is shown again (its `onAppear`), and so
/// do the feed and the users list after the profile is saved (they show the person's name).
/// Leaving the profile tab with unsaved changes asks the profile feature first.
@Reducer
public struct App {
  /// The screens the drill-down stack can show.
  @Reducer
  public enum Path {
    /// A user and their posts.
    case userDetail(UserDetail)
  }

  /// The whole app's state.
  @ObservableState
  public struct State: Equatable {
    /// The tab on screen.
    public var selectedTab: AppTab
    /// The tab asked for while the profile tab waits on its unsaved-changes dialog.
    public var pendingTab: AppTab?
    /// Whether quitting waits on the profile's unsaved-changes dialog.
    public var isQuitPending = false
    /// Whether the app may quit now: asked to, with nothing unsaved left (the host then stops).
    public var isQuitConfirmed = false
    /// The Home tab.
    public var home = Home.State()
    /// The Search tab.
    public var search = Search.State()
    /// The Users tab.
    public var users = UserList.State()
    /// The Profile tab.
    public var profile = Profile.State()
    /// The Settings tab.
    public var settings = Settings.State()
    /// The drill-down stack, shown over the selected tab.
    public var path: StackState<Path.State>
    /// The settings in force, shared with the features (the app reads the theme from them).
    @SharedReader(.userSettings) public var userSettings: UserSettings

    /// The state showing `selectedTab` with `path` over it, every feature in its first state.
    public init(selectedTab: AppTab = .home, path: StackState<Path.State> = StackState()) {
      self.selectedTab = selectedTab
      self.path = path
    }
  }

  /// Everything that happens in the app.
  public enum Action {
    /// The app started: the first tab loads.
    case onAppear
    /// A tab was chosen (a key, or line mode's `tab`).
    case tabSelected(AppTab)
    /// `/`: the Search tab, its query field focused.
    case searchRequested
    /// Go back one screen (Escape): pops the stack when it is not empty.
    case backRequested
    /// The person asked to quit (ctrl-c): the profile asks first about unsaved changes; asked
    /// again while it does, the app quits anyway.
    case quitRequested
    /// The Home tab's actions.
    case home(Home.Action)
    /// The Search tab's actions.
    case search(Search.Action)
    /// The Users tab's actions.
    case users(UserList.Action)
    /// The Profile tab's actions.
    case profile(Profile.Action)
    /// The Settings tab's actions.
    case settings(Settings.Action)
    /// The drill-down stack's actions.
    case path(StackActionOf<Path>)
  }

  /// Creates the reducer.
  public init() {}

  /// The features, each scoped to its tab, then the app's own logic, then the stack.
  public var body: some ReducerOf<Self> {
    Scope(state: \.home, action: \.home) { Home() }
    Scope(state: \.search, action: \.search) { Search() }
    Scope(state: \.users, action: \.users) { UserList() }
    Scope(state: \.profile, action: \.profile) { Profile() }
    Scope(state: \.settings, action: \.settings) { Settings() }
    Reduce { state, action in
      switch action {
      case .onAppear:
        return appear(in: state)

      case let .tabSelected(tab):
        guard tab != state.selectedTab || !state.path.isEmpty else { return .none }
        if state.selectedTab == .profile, tab != .profile, state.profile.hasUnsavedChanges {
          (state.pendingTab, state.isQuitPending) = (tab, false)
          return .send(.profile(.leaveRequested))
        }
        return select(tab, &state)

      case .searchRequested:
        return .concatenate(.send(.tabSelected(.search)), .send(.search(.queryFieldFocused)))

      case .quitRequested:
        // Unsaved changes are only ever on the profile's screen: leaving it asks first.
        state.isQuitConfirmed = state.isQuitPending || !state.profile.hasUnsavedChanges
        state.isQuitPending = !state.isQuitConfirmed
        return state.isQuitConfirmed ? .none : .send(.profile(.leaveRequested))

      case .profile(.delegate(.leaveConfirmed)):
        state.isQuitConfirmed = state.isQuitPending
        guard !state.isQuitPending, let tab = state.pendingTab else { return .none }
        return select(tab, &state)

      case .profile(.delegate(.saved)):
        (state.home.paging.isStale, state.users.paging.isStale) = (true, true)
        return .none

      case .profile(.confirmationDialog(.dismiss)):  // "Keep editing": nothing is pending.
        (state.isQuitPending, state.pendingTab) = (false, nil)
        return .none

      case .backRequested:
        guard let id = state.path.ids.last else { return .none }
        state.path.pop(from: id)
        return .none

      case let .home(.delegate(.openUser(id))),
        let .search(.delegate(.openUser(id))),
        let .users(.delegate(.openUser(id))):
        state.path.append(.userDetail(UserDetail.State(userID: id)))
        guard let elementID = state.path.ids.last else { return .none }
        return .send(.path(.element(id: elementID, action: .userDetail(.onAppear))))

      case let .path(.element(id, .userDetail(.delegate(.close)))):
        state.path.pop(from: id)
        return .none

      case .home, .search, .users, .settings, .profile, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }

  /// Shows `tab` (closing the stack over the previous one) and sends its appear action. A tab
  /// that waited on the profile's unsaved-changes dialog is forgotten: the person chose again.
  private func select(_ tab: AppTab, _ state: inout State) -> Effect<Action> {
    state.selectedTab = tab
    state.pendingTab = nil
    state.path.removeAll()
    return appear(in: state)
  }

  /// The appear action of `state`'s selected tab, sent each time the tab is shown: its feature
  /// loads what it has not yet (a list loaded at another page size reloads) and otherwise
  /// ignores it.
  private func appear(in state: State) -> Effect<Action> {
    state.selectedTab.appearAction(in: state).map { .send($0) } ?? .none
  }
}

extension App.Path.State: Equatable {}

import AppFeature
import AppHost
import ComposableArchitecture
import HomeFeature
import ProfileFeature
import SearchFeature
import SettingsFeature
import TerminalUI
import UserDetailFeature
import UserListFeature

extension CompositionRoot {
  /// The composed app's store with the clients `source` gives.
  static func makeStore(clients source: ClientSource) -> StoreOf<App> {
    Store(initialState: App.State()) {
      App()
    } withDependencies: {
      source.assign(to: &$0)
    }
  }

  /// `feature` run on its own with the clients `source` gives, and the task of its `onAppear`
  /// (sent here, as the composed app sends its own). `userID` is the user `userDetail` shows.
  static func makeFeatureApp(
    _ feature: FeatureChoice,
    clients source: ClientSource,
    userID: Int = FeatureChoice.defaultUserID
  ) -> (app: any HostedApp, start: StoreTask) {
    switch feature {
    case .home:
      return hosted(
        feature, Home.State(), Home(), source, start: .onAppear, isAnimating: \.isLoading,
        view: HomeView.init(state:))
    case .search:
      return hosted(
        feature, Search.State(), Search(), source, start: .onAppear,
        isAnimating: \.isSearching, view: SearchView.init(state:))
    case .users:
      return hosted(
        feature, UserList.State(), UserList(), source, start: .onAppear,
        isAnimating: \.isLoading, view: UserListView.init(state:))
    case .userDetail:
      return hosted(
        feature, UserDetail.State(userID: userID), UserDetail(), source, start: .onAppear,
        isAnimating: \.isLoading, view: UserDetailView.init(state:))
    case .profile:
      return hosted(
        feature, Profile.State(), Profile(), source,
        start: .onAppear, isAnimating: { $0.isLoading || $0.isSaving },
        view: ProfileView.init(state:))
    case .settings:
      return hosted(
        feature, Settings.State(), Settings(), source, start: nil,
        isAnimating: { _ in false }, view: SettingsView.init(state:))
    }
  }

  /// A store of `reducer` from `state` with `source`'s clients, hosted with `view`, and the
  /// task of `start` sent to it (none for a feature with nothing to load). The state is made with those clients too: shared values in it
  /// (the settings) are read from `source`'s storage.
  private static func hosted<Feature: Reducer, View: TerminalView>(
    _ feature: FeatureChoice,
    _ state: @autoclosure () -> Feature.State,
    _ reducer: Feature,
    _ source: ClientSource,
    start: Feature.Action?,
    isAnimating: @escaping (Feature.State) -> Bool,
    view: @escaping (Feature.State) -> View
  ) -> (app: any HostedApp, start: StoreTask) where View.Action == Feature.Action {
    let store = Store(initialState: state()) {
      reducer
    } withDependencies: {
      source.assign(to: &$0)
    }
    let app = FeatureApp<Feature, View>(
      title: feature.title, store: store, status: source.statusText,
      isAnimating: isAnimating, view: view)
    return (app, start.map { store.send($0) } ?? StoreTask(rawValue: nil))
  }
}

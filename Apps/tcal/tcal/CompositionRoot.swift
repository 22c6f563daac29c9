import APIClient
import APIClientLive
import AppFeature
import AppHost
import ComposableArchitecture
import Foundation
import HomeFeature
import HomeFeatureLive
import ProfileFeature
import ProfileFeatureLive
import SearchFeature
import SearchFeatureLive
import SettingsFeature
import SettingsFeatureLive
import UserDetailFeature
import UserDetailFeatureLive
import UserListFeature
import UserListFeatureLive

/// Where every client's live implementation is chosen, explicitly: a Live target that is linked
/// but not assigned here would silently leave its client at `testValue`.
@MainActor
enum CompositionRoot {
  /// The app's store, talking to the API server at `baseURL` and keeping settings in
  /// `settingsDirectory`; its history is recorded, and appended to `actionLog` when given.
  static func makeStore(
    baseURL: URL, settingsDirectory: URL, actionLog: ActionLog?
  ) -> StoreOf<TimeTravel<_PrintChangesReducer<App>>> {
    Store(initialState: TimeTravel.State(App.State())) {
      App().debugged(log: actionLog)
    } withDependencies: {
      $0.apiConfiguration = APIConfiguration(baseURL: baseURL)
      $0.apiClient = .liveValue
      $0.homeClient = .liveValue
      $0.searchClient = .liveValue
      $0.userListClient = .liveValue
      $0.userDetailClient = .liveValue
      $0.profileClient = .liveValue
      $0.settingsClient = .live(directory: settingsDirectory)
    }
  }
}

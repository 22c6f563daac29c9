import APIClient
import APIClientLive
import ComposableArchitecture
import Foundation
import HomeFeature
import HomeFeatureLive
import HomeFeatureTesting
import ProfileFeature
import ProfileFeatureLive
import ProfileFeatureTesting
import SearchFeature
import SearchFeatureLive
import SearchFeatureTesting
import SettingsFeature
import SettingsFeatureLive
import SettingsFeatureTesting
import UserDetailFeature
import UserDetailFeatureLive
import UserDetailFeatureTesting
import UserListFeature
import UserListFeatureLive
import UserListFeatureTesting

/// Where the features' clients get their data: the API server, or the test doubles.
enum ClientSource: Equatable, Sendable {
  /// Every client's live implementation, over the API server at `baseURL`, with settings kept
  /// in `settingsDirectory`.
  case live(baseURL: URL, settingsDirectory: URL)
  /// Every client's `mock` double from the features' Testing targets: sample data in memory,
  /// no server, no settings file. The transport is left unimplemented, so any request that
  /// reached it would be reported.
  case mock

  /// Assigns every client the app and its features use, explicitly: a client left out would
  /// silently keep its `testValue`.
  func assign(to dependencies: inout DependencyValues) {
    switch self {
    case let .live(baseURL, settingsDirectory):
      dependencies.apiConfiguration = APIConfiguration(baseURL: baseURL)
      dependencies.apiClient = .liveValue
      dependencies.homeClient = .liveValue
      dependencies.searchClient = .liveValue
      dependencies.userListClient = .liveValue
      dependencies.userDetailClient = .liveValue
      dependencies.profileClient = .liveValue
      dependencies.settingsClient = .live(directory: settingsDirectory)
    case .mock:
      dependencies.apiClient = .testValue
      dependencies.homeClient = .mock
      dependencies.searchClient = .mock
      dependencies.userListClient = .mock
      dependencies.userDetailClient = .mock
      dependencies.profileClient = .mock
      dependencies.settingsClient = .mock
    }
  }

  /// What the status line of a feature run alone says about the data.
  var statusText: String {
    switch self {
    case .live: ""
    case .mock: "mock data"
    }
  }
}

import APIClient
import APIClientLive
import AppSettings
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
import UserDetailFeature
import UserDetailFeatureLive
import UserDetailFeatureTesting
import UserListFeature
import UserListFeatureLive
import UserListFeatureTesting

/// Where the features' clients get their data: the API server, or the test doubles.
enum ClientSource: Equatable, Sendable {
  /// Every client's live implementation, over the API server at `baseURL`, with the settings
  /// file in `settingsDirectory`.
  case live(baseURL: URL, settingsDirectory: URL)
  /// Every client's `mock` double from the features' Testing targets: sample data in memory,
  /// no server, and a settings file in memory. The transport is left unimplemented, so any request that
  /// reached it would be reported.
  case mock

  /// Assigns every client the app and its features use, explicitly: a client left out would
  /// silently keep its `testValue`.
  func assign(to dependencies: inout DependencyValues) {
    switch self {
    case let .live(baseURL, settingsDirectory):
      dependencies.apiConfiguration = APIConfiguration(baseURL: baseURL)
      dependencies.apiClient = .liveValue
      dependencies.defaultFileStorage = .fileSystem
      dependencies.userSettingsFile = settingsDirectory.appendingPathComponent(
        UserSettingsFileKey.fileName)
    case .mock:
      dependencies.apiClient = .testValue
      dependencies.defaultFileStorage = .inMemory
      dependencies.userSettingsFile = UserSettingsFileKey.liveValue
    }
    for client in Self.featureClients {
      (self == .mock ? client.mock : client.live)(&dependencies)
    }
  }

  /// The features' clients, a line each: its live implementation, and the `mock` double of its
  /// Testing target.
  private static let featureClients: [FeatureClient] = [
    FeatureClient(\.homeClient, live: .liveValue, mock: .mock),
    FeatureClient(\.searchClient, live: .liveValue, mock: .mock),
    FeatureClient(\.userListClient, live: .liveValue, mock: .mock),
    FeatureClient(\.userDetailClient, live: .liveValue, mock: .mock),
    FeatureClient(\.profileClient, live: .liveValue, mock: .mock),
  ]

  /// What the status line of a feature run alone says about the data.
  var statusText: String {
    switch self {
    case .live: ""
    case .mock: "mock data"
    }
  }
}

/// A feature's client dependency and the two implementations the app chooses between.
private struct FeatureClient: Sendable {
  /// Assigns the live implementation.
  let live: @Sendable (inout DependencyValues) -> Void
  /// Assigns the mock.
  let mock: @Sendable (inout DependencyValues) -> Void

  /// The client at `keyPath`, `live` on the server and `mock` without one (each made when
  /// assigned).
  init<Client>(
    _ keyPath: WritableKeyPath<DependencyValues, Client> & Sendable,
    live: @autoclosure @escaping @Sendable () -> Client,
    mock: @autoclosure @escaping @Sendable () -> Client
  ) {
    self.live = { $0[keyPath: keyPath] = live() }
    self.mock = { $0[keyPath: keyPath] = mock() }
  }
}

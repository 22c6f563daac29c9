import APIClient
import APIClientLive
import AppSettings
import ComposableArchitecture
import Foundation
import SettingsFeatureLive

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
  /// The dependencies in force with this source's clients assigned, made once for everything
  /// of one app (its store, its settings notice, its theme): `.mock`'s in-memory file storage is
  /// a new one each time it is assigned, and shared values read through two of them would not be
  /// the same values.
  var dependencies: DependencyValues {
    withDependencies {
      assign(to: &$0)
    } operation: {
      DependencyValues._current
    }
  }

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
    for feature in FeatureChoice.allCases {
      guard let client = feature.entry.client else { continue }
      (self == .mock ? client.mock : client.live)(&dependencies)
    }
  }

  /// What the status line (of the app, or a feature run alone) says about the data.
  var statusText: String {
    switch self {
    case .live: ""
    case .mock: "mock data"
    }
  }
}

import ComposableArchitecture

/// What the Settings feature needs from the outside world.
///
/// The live value is in `SettingsFeatureLive`; named doubles are in `SettingsFeatureTesting`.
@DependencyClient
public struct SettingsClient: Sendable {
  /// Loads the message the feature shows.
  public var load: @Sendable () async throws -> String
}

extension SettingsClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = SettingsClient()
}

extension DependencyValues {
  /// The Settings feature's client.
  public var settingsClient: SettingsClient {
    get { self[SettingsClient.self] }
    set { self[SettingsClient.self] = newValue }
  }
}

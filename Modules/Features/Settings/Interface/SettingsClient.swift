import ComposableArchitecture

/// Where the Settings feature keeps the person's settings.
///
/// The live value (in `SettingsFeatureLive`) is a JSON file in the user's configuration
/// directory; named doubles, among them an in-memory store that records saves, are in
/// `SettingsFeatureTesting`.
@DependencyClient
public struct SettingsClient: Sendable {
  /// The saved settings, or the defaults with a notice when they cannot be used. A missing
  /// file is not an error: it gives the defaults without a notice.
  public var load: @Sendable () async throws -> SettingsLoad
  /// Saves `settings`, replacing the saved ones whole; throws
  /// ``SettingsClientError/saveFailed(path:reason:)`` when they cannot be written.
  public var save: @Sendable (_ settings: UserSettings) async throws -> Void
}

extension SettingsClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = SettingsClient()

  /// The default settings; saving keeps nothing.
  public static let previewValue = SettingsClient(
    load: { SettingsLoad(settings: .default) },
    save: { _ in }
  )
}

extension DependencyValues {
  /// Where the person's settings are kept.
  public var settingsClient: SettingsClient {
    get { self[SettingsClient.self] }
    set { self[SettingsClient.self] = newValue }
  }
}

import ComposableArchitecture
import SettingsFeature

extension SettingsClient: DependencyKey {
  /// The client the app uses. Each endpoint throws
  /// ``SettingsClientError/notImplemented(endpoint:)`` until it is written.
  public static let liveValue = SettingsClient(
    load: { throw SettingsClientError.notImplemented(endpoint: "SettingsClient.load") }
  )
}

import ComposableArchitecture
import SettingsFeature

extension SettingsClient {
  /// The message ``mock`` returns.
  public static let mockMessage = "Hello from SettingsClient.mock"

  /// A client that returns ``mockMessage`` at once.
  public static let mock = SettingsClient(load: { mockMessage })

  /// A client whose endpoints throw
  /// ``SettingsClientError/notImplemented(endpoint:)``, like the live value today.
  public static let failing = SettingsClient(
    load: { throw SettingsClientError.notImplemented(endpoint: "SettingsClient.load") }
  )
}

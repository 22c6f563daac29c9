import ComposableArchitecture
import ProfileFeature

extension ProfileClient {
  /// The message ``mock`` returns.
  public static let mockMessage = "Hello from ProfileClient.mock"

  /// A client that returns ``mockMessage`` at once.
  public static let mock = ProfileClient(load: { mockMessage })

  /// A client whose endpoints throw
  /// ``ProfileClientError/notImplemented(endpoint:)``, like the live value today.
  public static let failing = ProfileClient(
    load: { throw ProfileClientError.notImplemented(endpoint: "ProfileClient.load") }
  )
}

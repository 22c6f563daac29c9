import ComposableArchitecture
import UserDetailFeature

extension UserDetailClient {
  /// The message ``mock`` returns.
  public static let mockMessage = "Hello from UserDetailClient.mock"

  /// A client that returns ``mockMessage`` at once.
  public static let mock = UserDetailClient(load: { mockMessage })

  /// A client whose endpoints throw
  /// ``UserDetailClientError/notImplemented(endpoint:)``, like the live value today.
  public static let failing = UserDetailClient(
    load: { throw UserDetailClientError.notImplemented(endpoint: "UserDetailClient.load") }
  )
}

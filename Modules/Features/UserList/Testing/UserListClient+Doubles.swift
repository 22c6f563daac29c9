import ComposableArchitecture
import UserListFeature

extension UserListClient {
  /// The message ``mock`` returns.
  public static let mockMessage = "Hello from UserListClient.mock"

  /// A client that returns ``mockMessage`` at once.
  public static let mock = UserListClient(load: { mockMessage })

  /// A client whose endpoints throw
  /// ``UserListClientError/notImplemented(endpoint:)``, like the live value today.
  public static let failing = UserListClient(
    load: { throw UserListClientError.notImplemented(endpoint: "UserListClient.load") }
  )
}

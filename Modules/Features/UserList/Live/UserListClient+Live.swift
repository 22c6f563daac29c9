import ComposableArchitecture
import UserListFeature

extension UserListClient: DependencyKey {
  /// The client the app uses. Each endpoint throws
  /// ``UserListClientError/notImplemented(endpoint:)`` until it is written.
  public static let liveValue = UserListClient(
    load: { throw UserListClientError.notImplemented(endpoint: "UserListClient.load") }
  )
}

import ComposableArchitecture
import UserDetailFeature

extension UserDetailClient: DependencyKey {
  /// The client the app uses. Each endpoint throws
  /// ``UserDetailClientError/notImplemented(endpoint:)`` until it is written.
  public static let liveValue = UserDetailClient(
    load: { throw UserDetailClientError.notImplemented(endpoint: "UserDetailClient.load") }
  )
}

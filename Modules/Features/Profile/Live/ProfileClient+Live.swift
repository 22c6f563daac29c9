import ComposableArchitecture
import ProfileFeature

extension ProfileClient: DependencyKey {
  /// The client the app uses. Each endpoint throws
  /// ``ProfileClientError/notImplemented(endpoint:)`` until it is written.
  public static let liveValue = ProfileClient(
    load: { throw ProfileClientError.notImplemented(endpoint: "ProfileClient.load") }
  )
}

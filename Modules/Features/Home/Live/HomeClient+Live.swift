import ComposableArchitecture
import HomeFeature

extension HomeClient: DependencyKey {
  /// The client the app uses. Each endpoint throws
  /// ``HomeClientError/notImplemented(endpoint:)`` until it is written.
  public static let liveValue = HomeClient(
    load: { throw HomeClientError.notImplemented(endpoint: "HomeClient.load") }
  )
}

import ComposableArchitecture
import SearchFeature

extension SearchClient: DependencyKey {
  /// The client the app uses. Each endpoint throws
  /// ``SearchClientError/notImplemented(endpoint:)`` until it is written.
  public static let liveValue = SearchClient(
    load: { throw SearchClientError.notImplemented(endpoint: "SearchClient.load") }
  )
}

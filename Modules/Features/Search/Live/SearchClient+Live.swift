import APIClient
import ComposableArchitecture
import SearchFeature

extension SearchClient: DependencyKey {
  /// The client the app uses: `GET /search` through the `apiClient` dependency, read at each
  /// call. Errors are the `APIError`s `APIClient` throws.
  public static var liveValue: SearchClient {
    SearchClient(
      search: { query, limit in
        @Dependency(\.apiClient) var apiClient
        return try await apiClient.search(query: query, limit: limit)
      }
    )
  }
}

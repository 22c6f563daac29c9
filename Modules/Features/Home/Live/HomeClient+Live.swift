import APIClient
import ComposableArchitecture
import HomeFeature
import SharedModels

extension HomeClient: DependencyKey {
  /// The client the app uses: `GET /posts` through the `apiClient` dependency, read at each
  /// call so the app's `apiClient` and `apiConfiguration` apply. Errors are the API's
  /// (`APIError`), unchanged.
  public static var liveValue: HomeClient {
    HomeClient(
      feed: { page, limit in
        @Dependency(\.apiClient) var apiClient
        return try await apiClient.feed(page: page, limit: limit)
      }
    )
  }
}

import APIClient
import ComposableArchitecture
import SharedModels
import UserListFeature

extension UserListClient: DependencyKey {
  /// The client the app uses: `GET /users` through the `apiClient` dependency, read at each
  /// call. Errors are the `APIError`s `APIClient` throws.
  public static var liveValue: UserListClient {
    UserListClient(
      users: { page, limit in
        @Dependency(\.apiClient) var apiClient
        return try await apiClient.users(page: page, limit: limit)
      }
    )
  }
}

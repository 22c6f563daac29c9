import APIClient
import ComposableArchitecture
import ProfileFeature
import SharedModels

extension ProfileClient: DependencyKey {
  /// The client the app uses: `GET /me` and `PUT /me` through the `apiClient` dependency, read
  /// at each call so the app's `apiClient` and `apiConfiguration` apply. Errors are the API's
  /// (`APIError`), unchanged: a refused update is `APIError.validation` with the server's
  /// message.
  public static var liveValue: ProfileClient {
    ProfileClient(
      me: {
        @Dependency(\.apiClient) var apiClient
        return try await apiClient.me()
      },
      updateMe: { update in
        @Dependency(\.apiClient) var apiClient
        return try await apiClient.updateMe(update)
      }
    )
  }
}

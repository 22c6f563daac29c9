import APIClient
import ComposableArchitecture
import SharedModels
import UserDetailFeature

extension UserDetailClient: DependencyKey {
  /// The client the app uses: `GET /users/{id}` and `GET /users/{id}/posts` through the
  /// `apiClient` dependency, read at each call.
  ///
  /// `APIError.notFound` becomes ``UserDetailClientError/notFound``, which the feature shows as
  /// its not-found state; every other error is the `APIError` `APIClient` threw.
  public static var liveValue: UserDetailClient {
    UserDetailClient(
      user: { id in
        @Dependency(\.apiClient) var apiClient
        return try await mappingNotFound { try await apiClient.user(id: id) }
      },
      posts: { userID, page, limit in
        @Dependency(\.apiClient) var apiClient
        return try await mappingNotFound {
          try await apiClient.posts(ofUser: userID, page: page, limit: limit)
        }
      }
    )
  }
}

/// The result of `operation`, with `APIError.notFound` thrown as
/// ``UserDetailClientError/notFound``.
private func mappingNotFound<T>(_ operation: () async throws -> T) async throws -> T {
  do {
    return try await operation()
  } catch APIError.notFound {
    throw UserDetailClientError.notFound
  }
}

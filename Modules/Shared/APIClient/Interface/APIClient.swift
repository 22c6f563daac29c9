import Dependencies
import DependenciesMacros
import SharedModels

/// The API server's endpoints, as a dependency.
///
/// Every endpoint throws ``APIError``. The Live target (`APIClientLive`) calls the server at
/// ``APIConfiguration/baseURL``; ``testValue`` fails any test that calls an endpoint it did
/// not override.
@DependencyClient
public struct APIClient: Sendable {
  /// `GET /users?page=&limit=`: a page of users, by id.
  public var users: @Sendable (_ page: Int, _ limit: Int) async throws -> Page<User>
  /// `GET /users/{id}`: one user.
  public var user: @Sendable (_ id: Int) async throws -> User
  /// `GET /users/{id}/posts?page=&limit=`: a user's posts, newest first.
  public var posts: @Sendable (_ ofUser: Int, _ page: Int, _ limit: Int) async throws -> Page<Post>
  /// `GET /posts?page=&limit=`: the home feed, newest first.
  public var feed: @Sendable (_ page: Int, _ limit: Int) async throws -> Page<Post>
  /// `GET /search?q=&limit=`: users and posts matching a query, best first.
  public var search: @Sendable (_ query: String, _ limit: Int) async throws -> SearchResults
  /// `GET /me`: the signed-in user's profile.
  public var me: @Sendable () async throws -> UserProfile
  /// `PUT /me`: saves the signed-in user's profile; invalid fields throw
  /// ``APIError/validation(_:)``.
  public var updateMe: @Sendable (_ update: ProfileUpdate) async throws -> UserProfile
  /// `GET /me` with the version of the profile read (its `ETag`).
  public var versionedMe: @Sendable () async throws -> Versioned<UserProfile>
  /// `PUT /me` with `If-Match: version`: saves the profile only if the server still has that
  /// version, and returns the version saved. A profile changed since (by another client)
  /// throws ``APIError/conflict(_:)`` and is left as it is.
  public var updateMeIfUnchanged:
    @Sendable (_ update: ProfileUpdate, _ version: String) async throws -> Versioned<UserProfile>
}

extension APIClient: TestDependencyKey {
  /// A client whose every endpoint fails the test that calls it.
  public static let testValue = APIClient()
}

extension DependencyValues {
  /// The API server's endpoints.
  public var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

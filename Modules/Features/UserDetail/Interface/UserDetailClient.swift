import ComposableArchitecture
import Foundation
import SharedModels

/// What the UserDetail feature needs from the outside world.
///
/// Both endpoints throw ``UserDetailClientError/notFound`` for an unknown user. The live value
/// is in `UserDetailFeatureLive`; named doubles are in `UserDetailFeatureTesting`.
@DependencyClient
public struct UserDetailClient: Sendable {
  /// The user with id `id`.
  public var user: @Sendable (_ id: User.ID) async throws -> User
  /// Page `page` (from 1) of the posts of the user with id `userID`, newest first, `limit` posts
  /// a page.
  public var posts:
    @Sendable (_ userID: User.ID, _ page: Int, _ limit: Int) async throws -> Page<Post>
}

extension UserDetailClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = UserDetailClient()

  /// A client that answers at once for previews: sample users 1 to 50, each with 30 posts;
  /// other ids are not found.
  public static var previewValue: UserDetailClient {
    @Sendable func user(_ id: User.ID) throws -> User {
      guard (1...50).contains(id) else { throw UserDetailClientError.notFound }
      return User.sample(id: id, bio: "Previewing user \(id).", postCount: 30)
    }
    return UserDetailClient(
      user: { id in try user(id) },
      posts: { userID, page, limit in
        let author = try user(userID)
        let all = (1...author.postCount).reversed().map {
          Post.sample(
            id: userID * 1_000 + $0, author: author,
            body: "Post \($0) by \(author.displayName).", likeCount: $0 % 5)
        }
        return Page(slicing: all, page: page, limit: limit)
      }
    )
  }
}

extension DependencyValues {
  /// The UserDetail feature's client.
  public var userDetailClient: UserDetailClient {
    get { self[UserDetailClient.self] }
    set { self[UserDetailClient.self] = newValue }
  }
}

/// An error of ``UserDetailClient`` the feature handles itself.
///
/// Other failures reach the feature as whatever error the client threw, and are shown with their
/// `localizedDescription`.
public enum UserDetailClientError: Error, Equatable, Sendable, LocalizedError {
  /// No user has the requested id (the server answered 404).
  case notFound

  /// A sentence to show people.
  public var errorDescription: String? {
    switch self {
    case .notFound: "We couldn't find that user."
    }
  }
}

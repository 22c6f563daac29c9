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

  /// A client that answers at once for previews: users 1 to 50, each with 30 posts; other ids
  /// are not found.
  public static var previewValue: UserDetailClient {
    let joined = Date(timeIntervalSince1970: 1_704_067_200)
    let known = 1...50
    @Sendable func user(_ id: User.ID) throws -> User {
      guard known.contains(id) else { throw UserDetailClientError.notFound }
      return User(
        id: id, handle: "user\(id)", displayName: "User \(id)", bio: "Previewing user \(id).",
        joinedAt: joined, postCount: 30)
    }
    return UserDetailClient(
      user: { id in try user(id) },
      posts: { userID, page, limit in
        let author = try user(userID)
        let all = (1...author.postCount).reversed().map {
          Post(
            id: userID * 1_000 + $0, authorID: author.id, authorHandle: author.handle,
            authorDisplayName: author.displayName, body: "Post \($0) by \(author.displayName).",
            createdAt: joined.addingTimeInterval(Double($0) * 3_600), likeCount: $0 % 5)
        }
        let start = min(max(page - 1, 0) * max(limit, 0), all.count)
        let end = min(start + max(limit, 0), all.count)
        return Page(items: Array(all[start..<end]), page: page, limit: limit, total: all.count)
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

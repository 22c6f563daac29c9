import ComposableArchitecture
import SharedModels
import SharedModelsTesting
import UserDetailFeature

extension UserDetailClient {
  /// The users ``mock`` knows: the `MockNetwork`'s, ids 1 to 45. Other ids are not found.
  public static let mockUsers: [User] = MockNetwork.users

  /// The posts ``mock`` pages over for `author`, newest first: their posts in the
  /// `MockNetwork` (Alice's 45 make three pages of 20, the last holding 5).
  public static func mockPosts(by author: User) -> [Post] {
    MockNetwork.posts(by: author.id)
  }

  /// A client that answers at once: ``mockUsers`` by id, each with ``mockPosts(by:)`` cut with
  /// `Page.fixture(of:page:limit:)`; any other id throws ``UserDetailClientError/notFound``.
  public static var mock: UserDetailClient {
    UserDetailClient(
      user: { id in try mockUser(id) },
      posts: { userID, page, limit in
        .fixture(of: mockPosts(by: try mockUser(userID)), page: page, limit: limit)
      }
    )
  }

  /// A client that answers like ``mock`` after `duration` on `clock`, for tests of requests in
  /// flight (with a `TestClock`) and slow previews.
  public static func slow(_ duration: Duration, clock: any Clock<Duration>) -> UserDetailClient {
    UserDetailClient(
      user: { id in
        try await clock.sleep(for: duration)
        return try mockUser(id)
      },
      posts: { userID, page, limit in
        try await clock.sleep(for: duration)
        return .fixture(of: mockPosts(by: try mockUser(userID)), page: page, limit: limit)
      }
    )
  }

  /// A client whose ``mockUsers`` have no posts; other ids are not found.
  public static var empty: UserDetailClient {
    UserDetailClient(
      user: { id in
        var user = try mockUser(id)
        user.postCount = 0
        return user
      },
      posts: { userID, page, limit in
        _ = try mockUser(userID)
        return Page(items: [], page: page, limit: limit, total: 0)
      }
    )
  }

  /// A client that knows no user: both endpoints throw ``UserDetailClientError/notFound``.
  public static var notFound: UserDetailClient {
    failing(UserDetailClientError.notFound)
  }

  /// A client whose every request throws `error`.
  public static func failing(_ error: any Error) -> UserDetailClient {
    UserDetailClient(
      user: { _ in throw error },
      posts: { _, _, _ in throw error }
    )
  }

  /// A client whose requests never answer: they suspend until their task is cancelled, then
  /// throw `CancellationError`.
  public static var never: UserDetailClient {
    UserDetailClient(
      user: { _ in try await Task<User, Never>.never() },
      posts: { _, _, _ in try await Task<Page<Post>, Never>.never() }
    )
  }

  /// The ``mockUsers`` user with id `id`, or ``UserDetailClientError/notFound``.
  private static func mockUser(_ id: User.ID) throws -> User {
    guard let user = mockUsers.first(where: { $0.id == id }) else {
      throw UserDetailClientError.notFound
    }
    return user
  }
}

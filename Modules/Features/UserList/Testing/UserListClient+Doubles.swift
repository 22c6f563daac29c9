import ComposableArchitecture
import SharedModels
import SharedModelsTesting
import UserListFeature

extension UserListClient {
  /// The users ``mock`` pages over: the `MockNetwork`'s 45 (three pages of 20, the last
  /// holding 5).
  public static let mockUsers: [User] = MockNetwork.users

  /// A client that answers at once with `Page.fixture(of: mockUsers, page:limit:)`.
  public static var mock: UserListClient {
    UserListClient(users: { page, limit in .fixture(of: mockUsers, page: page, limit: limit) })
  }

  /// A client that pages over `users` at once.
  public static func paging(over users: [User]) -> UserListClient {
    UserListClient(users: { page, limit in .fixture(of: users, page: page, limit: limit) })
  }

  /// A client that answers like ``mock`` after `duration` on `clock`, for tests of loads in
  /// flight (with a `TestClock`) and slow previews.
  public static func slow(_ duration: Duration, clock: any Clock<Duration>) -> UserListClient {
    UserListClient(
      users: { page, limit in
        try await clock.sleep(for: duration)
        return .fixture(of: mockUsers, page: page, limit: limit)
      }
    )
  }

  /// A client with no users: every page is empty and the last.
  public static var empty: UserListClient {
    paging(over: [])
  }

  /// A client whose every page load throws `error`.
  public static func failing(_ error: any Error) -> UserListClient {
    UserListClient(users: { _, _ in throw error })
  }

  /// A client whose page loads never answer: they suspend until their task is cancelled, then
  /// throw `CancellationError`.
  public static var never: UserListClient {
    UserListClient(users: { _, _ in try await Task<Page<User>, Never>.never() })
  }
}

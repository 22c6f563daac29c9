import ComposableArchitecture
import Foundation
import SharedModels

/// What the UserList feature needs from the outside world.
///
/// The live value is in `UserListFeatureLive`; named doubles are in `UserListFeatureTesting`.
@DependencyClient
public struct UserListClient: Sendable {
  /// Page `page` (from 1) of all users by id, `limit` users a page.
  public var users: @Sendable (_ page: Int, _ limit: Int) async throws -> Page<User>
}

extension UserListClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = UserListClient()

  /// A client that pages at once over 45 sample users (`@user1`…`@user45`), for previews.
  public static var previewValue: UserListClient {
    UserListClient(
      users: { page, limit in
        let all = (1...45).map {
          User.sample(
            id: $0, joinedAt: .sampleEpoch.addingTimeInterval(Double($0) * 86_400),
            postCount: $0 % 7)
        }
        return Page(slicing: all, page: page, limit: limit)
      }
    )
  }
}

extension DependencyValues {
  /// The UserList feature's client.
  public var userListClient: UserListClient {
    get { self[UserListClient.self] }
    set { self[UserListClient.self] = newValue }
  }
}

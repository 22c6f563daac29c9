import Foundation
import SharedModels

extension User {
  /// A deterministic user for tests: ``SharedModels/User/sample(id:bio:joinedAt:postCount:)``
  /// (`@user<id>`, "User <id>", joined on a fixed date), with its handle and name replaceable.
  public static func fixture(
    id: Int = 1,
    handle: String? = nil,
    displayName: String? = nil,
    bio: String = "",
    joinedAt: Date = .fixtureEpoch,
    postCount: Int = 0
  ) -> User {
    var user = User.sample(id: id, bio: bio, joinedAt: joinedAt, postCount: postCount)
    if let handle { user.handle = handle }
    if let displayName { user.displayName = displayName }
    return user
  }

  /// Users with ids `ids`, made by ``fixture(id:handle:displayName:bio:joinedAt:postCount:)``.
  public static func fixtures(ids: ClosedRange<Int>) -> [User] {
    ids.map { User.fixture(id: $0) }
  }
}

extension Date {
  /// A fixed moment fixtures use: 2024-01-01T00:00:00Z, the samples' ``sampleEpoch``.
  public static let fixtureEpoch = Date.sampleEpoch
}

import Foundation
import SharedModels

extension User {
  /// A deterministic user for tests and previews: `@user<id>`, "User <id>", joined on a fixed
  /// date.
  public static func fixture(
    id: Int = 1,
    handle: String? = nil,
    displayName: String? = nil,
    bio: String = "",
    joinedAt: Date = .fixtureEpoch,
    postCount: Int = 0
  ) -> User {
    User(
      id: id,
      handle: handle ?? "user\(id)",
      displayName: displayName ?? "User \(id)",
      bio: bio,
      joinedAt: joinedAt,
      postCount: postCount
    )
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

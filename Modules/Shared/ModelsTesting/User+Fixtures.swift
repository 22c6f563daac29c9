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

  /// Alice: plain ASCII, a short bio, a few posts.
  public static let alice = User(
    id: 1,
    handle: "alice",
    displayName: "Alice Liddell",
    bio: "Curiouser and curiouser.",
    joinedAt: .fixtureEpoch,
    postCount: 3
  )

  /// Zoë: accented text and an emoji in the bio.
  public static let zoe = User(
    id: 2,
    handle: "zoe",
    displayName: "Zoë Ångström",
    bio: "Café owner ☕️ and night owl 🦉",
    joinedAt: .fixtureEpoch.addingTimeInterval(86_400),
    postCount: 1
  )

  /// Hana: a display name in double-width (CJK) characters.
  public static let hana = User(
    id: 3,
    handle: "hana",
    displayName: "山田 花子",
    bio: "東京から。写真とコーヒー。",
    joinedAt: .fixtureEpoch.addingTimeInterval(2 * 86_400),
    postCount: 0
  )
}

extension Date {
  /// A fixed moment fixtures use: 2024-01-01T00:00:00Z.
  public static let fixtureEpoch = Date(timeIntervalSince1970: 1_704_067_200)
}

import Foundation

// Sample data: the same people and posts in every feature's `previewValue`, and the ones
// `SharedModelsTesting`'s fixtures build on, so that a preview and a test show the same world.

extension Date {
  /// The moment samples are dated from: 2024-01-01T00:00:00Z.
  public static let sampleEpoch = Date(timeIntervalSince1970: 1_704_067_200)
}

extension User {
  /// Alice: plain ASCII, a short bio, a few posts.
  public static let alice = User(
    id: 1, handle: "alice", displayName: "Alice Liddell", bio: "Curiouser and curiouser.",
    joinedAt: .sampleEpoch, postCount: 3)

  /// Zoë: accented text and an emoji in the bio.
  public static let zoe = User(
    id: 2, handle: "zoe", displayName: "Zoë Ångström", bio: "Café owner ☕️ and night owl 🦉",
    joinedAt: .sampleEpoch.addingTimeInterval(86_400), postCount: 1)

  /// Hana: a display name in double-width (CJK) characters.
  public static let hana = User(
    id: 3, handle: "hana", displayName: "山田 花子", bio: "東京から。写真とコーヒー。",
    joinedAt: .sampleEpoch.addingTimeInterval(2 * 86_400), postCount: 0)

  /// Alice, Zoë and Hana.
  public static let samples: [User] = [.alice, .zoe, .hana]

  /// A plain sample user: `@user<id>`, "User <id>", joined on ``Foundation/Date/sampleEpoch``.
  public static func sample(
    id: Int, bio: String = "", joinedAt: Date = .sampleEpoch, postCount: Int = 0
  ) -> User {
    User(
      id: id, handle: "user\(id)", displayName: "User \(id)", bio: bio, joinedAt: joinedAt,
      postCount: postCount)
  }
}

extension Post {
  /// A sample post by `author`, dated `id` minutes after ``Foundation/Date/sampleEpoch``.
  public static func sample(
    id: Int, author: User = .alice, body: String? = nil, likeCount: Int = 0
  ) -> Post {
    Post(
      id: id, authorID: author.id, authorHandle: author.handle,
      authorDisplayName: author.displayName, body: body ?? "Post number \(id).",
      createdAt: .sampleEpoch.addingTimeInterval(Double(id) * 60), likeCount: likeCount)
  }

  /// Three posts by ``User/zoe``, ``User/hana`` and ``User/alice``, newest first.
  public static let samples = [
    sample(id: 3, author: .zoe, body: "Opening the café early today ☕️", likeCount: 12),
    sample(id: 2, author: .hana, body: "東京の朝。", likeCount: 4),
    sample(id: 1, author: .alice, body: "Curiouser and curiouser.", likeCount: 1),
  ]
}

extension UserProfile {
  /// Alice's profile, as she sees it signed in.
  public static let alice = UserProfile(
    id: User.alice.id, handle: User.alice.handle, displayName: User.alice.displayName,
    bio: User.alice.bio, email: "alice@example.com")
}

extension Page {
  /// Page `page` (from 1) of `all`, `limit` items a page, cut as the server cuts it: a page
  /// past the end, or a limit of 0 or less, has no items.
  public init(slicing all: [Element], page: Int, limit: Int) {
    let count = max(limit, 0)
    let (offset, overflow) = (max(page, 1) - 1).multipliedReportingOverflow(by: count)
    let start = overflow ? all.count : min(offset, all.count)
    let end = start + min(count, all.count - start)
    self.init(items: Array(all[start..<end]), page: page, limit: limit, total: all.count)
  }
}

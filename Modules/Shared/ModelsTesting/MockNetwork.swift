import Foundation
import SharedModels

/// The small social network every feature's `mock` client serves, so that the tabs of
/// `tcal --mock` tell one story: the users list, a user's screen, the feed and search show the
/// same people and the same posts, and every user's post count is the number of their posts.
///
/// 45 users (three pages of 20): ``SharedModels/User/alice``, ``SharedModels/User/zoe`` and
/// ``SharedModels/User/hana`` first, then 42 people with names, handles and bios. Alice has 45
/// posts (three pages), the others none to seven. Each person's posts are spread over the same
/// stretch of time, numbered in the order they were written and dated five hours apart from
/// ``Foundation/Date/fixtureEpoch``; the feed is all of them, newest first.
public enum MockNetwork {
  /// Every user, by id (1 to 45).
  public static let users: [User] = people.map(\.user)

  /// Every post, newest (highest id) first.
  public static let posts: [Post] = {
    // Each person's posts spread evenly over the same stretch of time, so the feed mixes them.
    let written = people.enumerated().flatMap { index, person in
      person.bodies.indices.map { k in
        (when: (2 * k + 1) * 100_000 / (2 * person.bodies.count), who: index, body: k)
      }
    }
    .sorted { ($0.when, $0.who) < ($1.when, $1.who) }
    return written.enumerated().map { offset, post in
      let id = offset + 1
      let author = people[post.who].user
      return Post(
        id: id, authorID: author.id, authorHandle: author.handle,
        authorDisplayName: author.displayName, body: people[post.who].bodies[post.body],
        createdAt: .fixtureEpoch.addingTimeInterval(Double(id) * 5 * 3_600),
        likeCount: (id * 13) % 41)
    }
    .reversed()
  }()

  /// The user with id `id`, if there is one.
  public static func user(id: Int) -> User? {
    users.indices.contains(id - 1) ? users[id - 1] : nil
  }

  /// The posts of the user with id `userID`, newest first (none for an unknown id).
  public static func posts(by userID: Int) -> [Post] {
    posts.filter { $0.authorID == userID }
  }

  /// A user of the network and the bodies of their posts, oldest first.
  private struct Person {
    var user: User
    var bodies: [String]
  }

  /// The users with their posts' bodies.
  private static let people: [Person] = {
    var alice = User.alice
    alice.postCount = 45
    var zoe = User.zoe
    zoe.postCount = zoeSays.count
    var hana = User.hana
    hana.postCount = hanaSays.count
    var people = [
      Person(user: alice, bodies: (0..<45).map { topics[($0 * 7) % topics.count] }),
      Person(user: zoe, bodies: zoeSays),
      Person(user: hana, bodies: hanaSays),
    ]
    for (index, name) in names.enumerated() {
      let id = index + 4
      let count = (id * 5) % 8
      let handle = name.lowercased()
        .folding(options: .diacriticInsensitive, locale: nil)
        .replacingOccurrences(of: " ", with: "_")
      let user = User(
        id: id, handle: handle, displayName: name, bio: bios[id % bios.count],
        joinedAt: .fixtureEpoch.addingTimeInterval(Double(id) * 86_400), postCount: count)
      let bodies = (0..<count).map { topics[(id * 3 + $0 * 5) % topics.count] }
      people.append(Person(user: user, bodies: bodies))
    }
    return people
  }()

  /// The names of users 4 to 45.
  private static let names: [String] = ["Berg", "Costa", "Okafor"].flatMap { last in
    [
      "Aaron", "Bea", "Chidi", "Dana", "Emil", "Farah", "Gus", "Inés", "Jonas", "Kemal",
      "Lucía", "Mateo", "Nia", "Omar",
    ].map { "\($0) \(last)" }
  }

  /// Their bios (one is empty, as some people leave it).
  private static let bios = [
    "Runner, reader, occasional baker.", "Coffee first, then code.", "Plants everywhere 🌱",
    "Board games on Fridays.", "Learning the cello, slowly.", "Photos of bridges.", "",
  ]

  /// What people write about.
  private static let topics = [
    "Tried the new ramen place downtown 🍜", "Anyone up for chess this weekend?",
    "The cello and I are slowly making peace.", "Rain all day: perfect for reading.",
    "Shipped a tiny feature at work today.", "Morning run by the river, 8 km.",
    "Bread attempt number three: much better!", "Found a bridge I had never noticed.",
    "Repotted every plant in the flat 🌱", "Board game night: I lost gloriously.",
    "Coffee tasting notes: blueberry?!", "Watching the sunset from the roof.",
    "Finished that long novel at last.", "Learning to juggle, three balls so far.",
    "Made soup for the whole street.", "Note to self: water the basil.",
    "Curiouser and curiouser.", "Down the rabbit hole of old maps again.",
  ]

  /// Zoë's posts, about her café.
  private static let zoeSays = [
    "Opening the café early today ☕️", "Fresh beans at the café today ☕️",
    "Night shift at the café 🦉", "New pastries on the counter.",
  ]

  /// Hana's posts.
  private static let hanaSays = ["東京の朝。", "写真を撮りに行った。", "コーヒーと本。"]
}

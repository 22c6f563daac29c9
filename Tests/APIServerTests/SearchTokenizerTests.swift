import Foundation
import GRDB
import SharedModels
import Testing

@testable import APIServer

extension ServerSuite {
  /// What the full-text indexes take a word to be (`SearchWordsTokenizer`): the same as a query
  /// does, whatever Unicode version a character comes from and however it is composed.
  @Suite("Search: words as the queries see them")
  struct SearchTokenizerTests {
    @Test(arguments: [
      ("🦄Unicorn Qz", "unicorn"), ("Hi🫶there", "there"), ("Taco🌮Qz", "qz"),
      ("🚀Rocket", "rocket"),
      // 한국 as jamo (NFD), asked composed (NFC), and the other way round.
      ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8} Qz", "\u{D55C}\u{AD6D}"),
      ("\u{D55C}\u{AD6D} Qz", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}"),
      ("\u{212B}ngström Qz", "ångström"), ("ﬁsh Qz", "fish"), ("ＡＢＣ Qz", "abc"),
    ])
    func aWordIsFoundHoweverItIsWrittenOrGlued(stored: String, query: String) async throws {
      try await withRouter { _, database in
        let id = try database.insertUser(handle: "glued", displayName: stored)
        let results = try await database.search(query, limit: 10)
        #expect(results.users.map(\.item.id).contains(id), "\(stored) by \(query)")
      }
    }

    @Test func aPostGluedToAnEmojiIsFoundByItsWords() async throws {
      try await withRouter { _, database in
        let post = try database.insertPost(authorID: 1, body: "Lunch🌮Zyxwv with friends")
        let results = try await database.search("zyxwv", limit: 10)
        #expect(results.posts.map(\.item.id) == [post])
      }
    }

    @Test func theWordsOfAToken() {
      #expect(SearchWordsTokenizer.words(in: "🦄unicorn") == ["unicorn"])
      #expect(SearchWordsTokenizer.words(in: "hi🫶there") == ["hi", "there"])
      #expect(SearchWordsTokenizer.words(in: "🌮") == [])
      #expect(SearchWordsTokenizer.words(in: "\u{212B}") == ["å"])
    }

    @Test func aDatabaseIndexedBeforeIsIndexedAgainWhenOpened() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      // The schema as it was: unicode61 indexes, with a name glued to an emoji.
      try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      let queue = try DatabaseQueue(path: path)
      try Schema.migrator.migrate(queue, upTo: "v1: users, posts and their full-text indexes")
      try await queue.write { db in
        try db.execute(
          sql: """
            INSERT INTO user (handle, displayName, bio, email, joinedAt)
            VALUES ('old', '🦄Unicorn Qz', '', 'old@example.com', 1700000000)
            """)
      }
      try queue.close()

      let database = try APIDatabase(path: path)
      let results = try await database.search("unicorn", limit: 10)
      #expect(results.users.map(\.item.handle) == ["old"])
      try await database.pool.write { db in
        try db.execute(sql: "INSERT INTO user_fts(user_fts, rank) VALUES ('integrity-check', 1)")
      }
    }
  }
}

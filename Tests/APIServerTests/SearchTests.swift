import APIServer
import Foundation
import Hummingbird
import HummingbirdTesting
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Search")
  struct SearchTests {
    /// `/search` with `query` percent-encoded as a query value.
    static func uri(_ query: String, limit: Int? = nil) -> String {
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~")
      let encoded = query.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
      return "/search?q=\(encoded)" + (limit.map { "&limit=\($0)" } ?? "")
    }

    @Test func prefixOfAFirstNameFindsTheUser() async throws {
      try await withRouter { client, database in
        let alice = try database.insertUser(handle: "alice_wonder", displayName: "Alice Wonder")
        let results: SearchResults = try await client.execute(uri: Self.uri("ali"), method: .get)
          .decoded()
        #expect(results.users.map(\.item.id).contains(alice))
        let twoWords: SearchResults = try await client.execute(
          uri: Self.uri("alice wond"), method: .get
        ).decoded()
        #expect(twoWords.users.first?.item.id == alice)
      }
    }

    @Test func exactNameRanksAboveAMention() async throws {
      try await withRouter { client, database in
        let mentioner = try database.insertUser(
          handle: "bob_stone", displayName: "Bob Stone", bio: "Once had tea with Quorrin Vale.")
        let named = try database.insertUser(handle: "quorrin_vale", displayName: "Quorrin Vale")
        let results: SearchResults = try await client.execute(
          uri: Self.uri("quorrin vale"), method: .get
        ).decoded()
        #expect(results.users.map(\.item.id) == [named, mentioner])
        #expect(results.users[0].rank > results.users[1].rank)
      }
    }

    @Test func postHitsAreRankedBestFirst() async throws {
      try await withRouter { client, database in
        try database.insertPost(authorID: 3, body: "zanzibar")
        try database.insertPost(
          authorID: 4,
          body: "A long post that only mentions zanzibar once, among many other words here.")
        let results: SearchResults = try await client.execute(
          uri: Self.uri("zanzibar"), method: .get
        )
        .decoded()
        #expect(results.posts.count == 2)
        #expect(results.posts.map(\.item.body).first == "zanzibar")
        let ranks = results.posts.map(\.rank)
        #expect(ranks == ranks.sorted(by: >))
      }
    }

    @Test func limitCapsEachList() async throws {
      try await withRouter { client, _ in
        let results: SearchResults = try await client.execute(
          uri: Self.uri("a", limit: 3), method: .get
        )
        .decoded()
        #expect(results.users.count <= 3)
        #expect(results.posts.count == 3)
      }
    }

    @Test func unicodeQueriesMatch() async throws {
      try await withRouter { client, database in
        let post = try database.insertPost(authorID: 2, body: "Best café in 東京, très naïve 🎉")
        for query in ["café", "cafe", "CAFÉ", "東京", "naïve", "naive", "très"] {
          let results: SearchResults = try await client.execute(uri: Self.uri(query), method: .get)
            .decoded()
          #expect(results.query == query)
          #expect(results.posts.map(\.item.id).contains(post), "\(query)")
        }
      }
    }

    @Test(arguments: [
      "\"", "\"\"", "'", "AND", "OR", "NOT", "a AND", "AND a", "NEAR(", "NEAR(a b)", "a*b", "*",
      "**",
      "-a", "a -b", "a:b", "handle:alice", "body:", "(", ")", "(a OR b", "^a", "+a", "a + b",
      "'; DROP TABLE user; --", "%", "\\", "{a b}", "a\u{0}b", "🎉", "👩‍👩‍👧", "🇯🇵 東京", "\u{301}", "ﷺ",
      "   x   ", "a\"b", "\"a\" \"b\"*", "NEAR/2",
      // A letter that prepends itself to the next character (Malayalam dot reph, Sharada sign
      // jihvamuliya): the quote joins its grapheme cluster, inside the word.
      "\u{0D4E}\"", "coffee \u{0D4E}\"", "\u{111C2}\"", "\u{0D4E}\"a b\"",
    ])
    func syntaxIsNeverAnError(_ query: String) async throws {
      try await withRouter { client, _ in
        let response = try await client.execute(uri: Self.uri(query), method: .get)
        #expect(response.status == .ok)
        let results: SearchResults = try response.decoded()
        #expect(results.query == query)
      }
    }

    @Test func queryWithoutWordsFindsNothing() async throws {
      try await withRouter { client, _ in
        let results: SearchResults = try await client.execute(
          uri: Self.uri("🎉 -- ()"), method: .get
        )
        .decoded()
        #expect(results.users.isEmpty)
        #expect(results.posts.isEmpty)
      }
    }
  }
}

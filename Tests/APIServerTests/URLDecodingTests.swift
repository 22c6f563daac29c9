import APIServer
import Foundation
import Hummingbird
import HummingbirdTesting
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Percent-encoded ids and form-encoded queries")
  struct URLDecodingTests {
    @Test func aPercentEncodedIdIsDecoded() async throws {
      try await withRouter { client, _ in
        let one: User = try await client.execute(uri: "/users/%31", method: .get).decoded()
        #expect(one.id == 1)
        let ten: User = try await client.execute(uri: "/users/1%30", method: .get).decoded()
        #expect(ten.id == 10)
        let posts = try await client.execute(uri: "/users/%32%35/posts", method: .get)
        #expect(posts.status == .ok)
        let page: Page<Post> = try posts.decoded()
        let plain: Page<Post> = try await client.execute(uri: "/users/25/posts", method: .get)
          .decoded()
        #expect(page == plain)
      }
    }

    @Test func aPlusInTheQueryIsASpace() async throws {
      try await withRouter { client, database in
        let quorrin = try database.insertUser(handle: "quorrin_vale", displayName: "Quorrin Vale")
        try database.insertUser(handle: "vale_quorrinsson", displayName: "Vale Quorrinsson")
        let results: SearchResults = try await client.execute(
          uri: "/search?q=quorrin+vale", method: .get
        ).decoded()
        #expect(results.query == "quorrin vale")
        #expect(results.users.first?.item.id == quorrin)

        let mixed: SearchResults = try await client.execute(
          uri: "/search?q=quorrin+%2B+vale%20x%2b", method: .get
        ).decoded()
        #expect(mixed.query == "quorrin + vale x+")
      }
    }

    @Test func anEncodedPlusStaysAPlus() async throws {
      try await withRouter { client, _ in
        let results: SearchResults = try await client.execute(
          uri: "/search?q=c%2B%2B", method: .get
        ).decoded()
        #expect(results.query == "c++")
      }
    }

    @Test func plusesAndEscapesInParameterNames() async throws {
      try await withRouter { client, _ in
        // `li%6Dit` is `limit`; a space in a name is a plus like anywhere else.
        let page: Page<User> = try await client.execute(
          uri: "/users?li%6Dit=3&page+=9", method: .get
        ).decoded()
        #expect(page.items.map(\.id) == [1, 2, 3])
        let spaced = try await client.execute(uri: "/users?limit=+5", method: .get)
        #expect(spaced.status == .badRequest)
      }
    }
  }
}

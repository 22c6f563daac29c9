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
  }
}

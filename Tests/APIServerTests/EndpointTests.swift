import APIServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Endpoints, through the router")
  struct EndpointTests {
    @Test func healthReportsTheCounts() async throws {
      try await withRouter { client, _ in
        let response = try await client.execute(uri: "/health", method: .get)
        #expect(response.status == .ok)
        #expect(try response.decoded() == Health(status: "ok", users: 60, posts: 600))
      }
    }

    @Test func firstPageOfUsers() async throws {
      try await withRouter { client, _ in
        let page: Page<User> = try await client.execute(uri: "/users", method: .get).decoded()
        #expect(page.items.map(\.id) == Array(1...20))
        #expect(page.page == 1)
        #expect(page.limit == 20)
        #expect(page.total == 60)
        #expect(page.hasMore)
      }
    }

    @Test func aRepeatedQueryParameterTakesItsFirstValue() async throws {
      try await withRouter { client, _ in
        let page: Page<User> = try await client.execute(
          uri: "/users?limit=2&limit=500&page=2&page=x", method: .get
        ).decoded()
        #expect(page.items.map(\.id) == [3, 4])
      }
    }

    @Test func lastAndPartialPagesOfUsers() async throws {
      try await withRouter { client, _ in
        let last: Page<User> = try await client.execute(uri: "/users?page=3&limit=20", method: .get)
          .decoded()
        #expect(last.items.map(\.id) == Array(41...60))
        #expect(!last.hasMore)
        let partial: Page<User> = try await client.execute(
          uri: "/users?page=3&limit=25", method: .get
        ).decoded()
        #expect(partial.items.map(\.id) == Array(51...60))
        #expect(!partial.hasMore)
      }
    }

    @Test func pagePastTheEndIsEmpty() async throws {
      try await withRouter { client, _ in
        let response = try await client.execute(uri: "/users?page=4&limit=20", method: .get)
        #expect(response.status == .ok)
        let page: Page<User> = try response.decoded()
        #expect(page.items.isEmpty)
        #expect(page.total == 60)
        #expect(!page.hasMore)
      }
    }

    @Test func maximumLimitIsAccepted() async throws {
      try await withRouter { client, _ in
        let page: Page<Post> = try await client.execute(uri: "/posts?limit=100", method: .get)
          .decoded()
        #expect(page.items.count == 100)
        #expect(page.hasMore)
      }
    }

    @Test func userByIDMatchesTheList() async throws {
      try await withRouter { client, _ in
        let page: Page<User> = try await client.execute(uri: "/users?limit=5", method: .get)
          .decoded()
        for listed in page.items {
          let user: User = try await client.execute(uri: "/users/\(listed.id)", method: .get)
            .decoded()
          #expect(user == listed)
        }
      }
    }

    @Test func postsOfAUserAreTheirsNewestFirst() async throws {
      try await withRouter { client, _ in
        let user: User = try await client.execute(uri: "/users/2", method: .get).decoded()
        let page: Page<Post> = try await client.execute(
          uri: "/users/2/posts?limit=100", method: .get
        ).decoded()
        #expect(page.total == user.postCount)
        #expect(page.items.count == min(100, user.postCount))
        #expect(page.items.allSatisfy { $0.authorID == 2 && $0.authorHandle == user.handle })
        #expect(page.items.map(\.createdAt) == page.items.map(\.createdAt).sorted(by: >))
      }
    }

    @Test func feedIsNewestFirstAcrossPages() async throws {
      try await withRouter { client, _ in
        let first: Page<Post> = try await client.execute(uri: "/posts?limit=50", method: .get)
          .decoded()
        let second: Page<Post> = try await client.execute(
          uri: "/posts?page=2&limit=50", method: .get
        ).decoded()
        let dates = (first.items + second.items).map(\.createdAt)
        #expect(dates == dates.sorted(by: >))
        #expect(first.total == 600)
        #expect(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
        let last: Page<Post> = try await client.execute(
          uri: "/posts?page=12&limit=50", method: .get
        ).decoded()
        #expect(last.items.count == 50)
        #expect(!last.hasMore)
      }
    }

    @Test func meReturnsTheSignedInProfile() async throws {
      try await withRouter { client, _ in
        let profile: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        let user: User = try await client.execute(uri: "/users/1", method: .get).decoded()
        #expect(profile.id == 1)
        #expect(profile.handle == user.handle)
        #expect(profile.displayName == user.displayName)
        #expect(profile.email == "\(user.handle)@example.com")
      }
    }

    @Test func putMeSavesATrimmedProfile() async throws {
      try await withRouter { client, _ in
        let body =
          #"{"displayName": "  Ada Lovelace ", "bio": " Engines. ", "email": "ada@example.org"}"#
        let response = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: "application/json"],
          body: ByteBuffer(string: body))
        #expect(response.status == .ok)
        let saved: UserProfile = try response.decoded()
        #expect(saved.displayName == "Ada Lovelace")
        #expect(saved.bio == "Engines.")
        #expect(saved.email == "ada@example.org")
        let reread: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        #expect(reread == saved)
        let user: User = try await client.execute(uri: "/users/1", method: .get).decoded()
        #expect(user.displayName == "Ada Lovelace")
        let found: SearchResults = try await client.execute(uri: "/search?q=lovelace", method: .get)
          .decoded()
        #expect(found.users.map(\.item.id) == [1])
      }
    }

    @Test func getRoutesAnswerHead() async throws {
      try await withRouter { client, _ in
        for uri in ["/health", "/users", "/users/1", "/posts", "/me"] {
          let response = try await client.execute(uri: uri, method: .head)
          #expect(response.status == .ok, "\(uri)")
          #expect(response.body.readableBytes == 0)
        }
      }
    }

    @Test func responsesAreJSON() async throws {
      try await withRouter { client, _ in
        for uri in ["/health", "/users", "/users/1", "/posts", "/search?q=a", "/me", "/nowhere"] {
          let response = try await client.execute(uri: uri, method: .get)
          #expect(response.headers[.contentType] == "application/json; charset=utf-8", "\(uri)")
        }
      }
    }
  }
}

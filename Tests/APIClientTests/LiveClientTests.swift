import APIClient
import APIClientLive
import Dependencies
import Foundation
import SharedModels
import Testing

extension ClientSuite {
  @Suite("Live client against the server")
  struct LiveClientTests {
    @Test func decodesEveryEndpoint() async throws {
      try await withFixture { fixture in
        let client = fixture.client
        try await fixture.call {
          let users = try await client.users(page: 2, limit: 5)
          #expect(users.items.map(\.id) == [6, 7, 8, 9, 10])
          #expect(users.total == 40)
          let user = try await client.user(id: 3)
          #expect(user.id == 3)
          let posts = try await client.posts(ofUser: 3, page: 1, limit: 10)
          #expect(posts.total == user.postCount)
          #expect(posts.items.allSatisfy { $0.authorID == 3 })
          let feed = try await client.feed(page: 1, limit: 7)
          #expect(feed.items.count == 7)
          let results = try await client.search(query: user.displayName, limit: 5)
          #expect(results.users.map(\.item.id).contains(3))
          let me = try await client.me()
          #expect(me.id == 1)
          var update = ProfileUpdate(me)
          update.displayName = "  New Name  "
          let saved = try await client.updateMe(update)
          #expect(saved.displayName == "New Name")
          #expect(try await client.me() == saved)
        }
      }
    }

    @Test func missingResourcesAreNotFound() async throws {
      try await withFixture { fixture in
        let client = fixture.client
        await fixture.call {
          #expect(await apiError { _ = try await client.user(id: 99_999) } == .notFound)
          #expect(
            await apiError { _ = try await client.posts(ofUser: 99_999, page: 1, limit: 5) }
              == .notFound)
        }
      }
    }

    @Test func refusalsCarryTheServersMessage() async throws {
      try await withFixture { fixture in
        let client = fixture.client
        await fixture.call {
          #expect(
            await apiError { _ = try await client.user(id: 0) }
              == .badRequest("User ids are whole numbers from 1."))
          #expect(
            await apiError { _ = try await client.users(page: 0, limit: 10) }
              == .badRequest("`page` must be a whole number from 1 to 1000000."))
          #expect(
            await apiError { _ = try await client.feed(page: 1, limit: 500) }
              == .badRequest("`limit` must be a whole number from 1 to 100."))
          #expect(
            await apiError { _ = try await client.search(query: "  ", limit: 5) }
              == .badRequest("`q` must be a non-empty search query."))
        }
      }
    }

    @Test func aVersionedSaveReplacesTheVersionReadAndNoOther() async throws {
      try await withFixture { fixture in
        let client = fixture.client
        try await fixture.call {
          let read = try await client.versionedMe()
          let version = try #require(read.version)
          #expect(read.value == (try await client.me()))
          var update = ProfileUpdate(read.value)
          update.bio = "Saved from the version read"
          let saved = try await client.updateMeIfUnchanged(update, version)
          #expect(saved.value.bio == "Saved from the version read")
          #expect(saved.version != version)
          #expect(try await client.versionedMe() == saved)

          update.bio = "Saved from a version replaced since"
          let error = await apiError { _ = try await client.updateMeIfUnchanged(update, version) }
          guard case .conflict(let message) = error else {
            Issue.record("Expected a conflict, got \(String(describing: error))")
            return
          }
          #expect(message.contains("nothing was changed"))
          #expect(try await client.versionedMe() == saved)
        }
      }
    }

    @Test func invalidProfileIsAValidationError() async throws {
      try await withFixture { fixture in
        let client = fixture.client
        try await fixture.call {
          let before = try await client.me()
          let error = await apiError {
            _ = try await client.updateMe(ProfileUpdate(displayName: "Ok", bio: "", email: "nope"))
          }
          #expect(error == .validation("Email must look like name@example.com."))
          #expect(error?.message == "Email must look like name@example.com.")
          #expect(try await client.me() == before)
        }
      }
    }

    @Test(arguments: [
      "a&limit=100000#", "1+1=2", "a b  c", " leading and trailing ", "café 東京 🎉", "?x=y&z",
      "%20", "100%", "#hash", "/slash/", "semi;colon", #"quote"s'"#, "tab\tnew\nline", "=",
      "&&&", "a=b&c=d", "ß ﬁ Å", "👩‍👩‍👧‍👦",
    ])
    func queriesReachTheServerLiterally(_ query: String) async throws {
      try await withFixture { fixture in
        let client = fixture.client
        try await fixture.call {
          let results = try await client.search(query: query, limit: 5)
          #expect(results.query == query)
        }
      }
    }
  }
}

import APIClient
import APIClientLive
import APIServer
import ComposableArchitecture
import LiveServerTestSupport
import SearchFeature
import SearchFeatureLive
import SharedModels
import Testing

@Suite(.serialized)
struct SearchClientLiveTests {
  @Test
  func searchFindsAUserByHandleAndEchoesTheQuery() async throws {
    try await withLiveAPI { _ in
      @Dependency(\.apiClient) var apiClient
      let user = try #require(try await apiClient.users(page: 3, limit: 1).items.first)

      let results = try await SearchClient.liveValue.search(query: user.handle, limit: 5)

      #expect(results.query == user.handle)
      #expect(results.users.map(\.item).contains(user))
      #expect(results.users.count <= 5)
      #expect(results.posts.count <= 5)
    }
  }

  @Test
  func theEchoMatchesAQueryWithSymbolsAndAnyScript() async throws {
    try await withLiveAPI { _ in
      // The feature drops answers whose echo differs from the query it sent.
      for query in ["café & c++", "東京 #1", "a=b?c/d%20", "Zoë 🦉"] {
        let results = try await SearchClient.liveValue.search(query: query, limit: 3)
        #expect(results.query == query)
      }
    }
  }

  @Test
  func aQueryWithoutLettersOrDigitsFindsNothing() async throws {
    try await withLiveAPI { _ in
      let results = try await SearchClient.liveValue.search(query: "?! --", limit: 10)

      #expect(results == SearchResults(query: "?! --", users: [], posts: []))
    }
  }

  @Test
  func aRefusedQueryThrowsTheServersMessage() async throws {
    let error = try await withLiveAPI { _ in
      await #expect(throws: APIError.self) {
        try await SearchClient.liveValue.search(query: "ali", limit: 51)
      }
    }

    guard case .badRequest(let message) = error else {
      Issue.record("Expected APIError.badRequest, got \(String(describing: error))")
      return
    }
    #expect(message.contains("`limit`"))
  }
}

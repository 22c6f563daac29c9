import APIClient
import APIClientLive
import APIServer
import ComposableArchitecture
import Foundation
import HomeFeature
import HomeFeatureLive
import LiveServerTestSupport
import SharedModels
import Testing

@Suite(.serialized)
struct HomeClientLiveTests {
  @Test
  func theFeedComesPageByPageNewestFirst() async throws {
    try await withLiveAPI(users: 10, posts: 45) { _ in
      let client = HomeClient.liveValue
      let first = try await client.feed(page: 1, limit: 20)
      let third = try await client.feed(page: 3, limit: 20)
      let past = try await client.feed(page: 4, limit: 20)

      #expect(first.items.count == 20)
      #expect(first.total == 45)
      #expect(first.hasMore)
      let dates = first.items.map(\.createdAt)
      #expect(dates == dates.sorted(by: >))
      #expect(third.items.count == 5)
      #expect(!third.hasMore)
      #expect(past.items.isEmpty)
    }
  }

  @Test
  func aRefusedLimitIsTheServersMessage() async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      _ = await #expect(
        throws: APIError.badRequest("`limit` must be a whole number from 1 to 100.")
      ) {
        try await HomeClient.liveValue.feed(page: 1, limit: 101)
      }
    }
  }

  @Test
  func anUnreachableServerIsATransportError() async throws {
    // A server started and stopped: its port now refuses connections.
    let baseURL = try await withLiveServer(users: 1, posts: 1) { server in server.baseURL }
    await withDependencies {
      $0.apiConfiguration = APIConfiguration(baseURL: baseURL, timeout: .seconds(5))
      $0.apiClient = .liveValue
    } operation: {
      do {
        _ = try await HomeClient.liveValue.feed(page: 1, limit: 20)
        Issue.record("The feed loaded from a stopped server.")
      } catch {
        guard case .transport = error as? APIError else {
          Issue.record("Expected a transport error, got \(error)")
          return
        }
      }
    }
  }
}

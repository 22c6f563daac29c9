import APIClient
import APIClientLive
import APIServer
import ComposableArchitecture
import LiveServerTestSupport
import SharedModels
import Testing
import UserListFeature
import UserListFeatureLive

@Suite(.serialized)
struct UserListClientLiveTests {
  @Test
  func usersArePagedByIdToTheEnd() async throws {
    try await withLiveAPI(users: 25) { _ in
      let first = try await UserListClient.liveValue.users(page: 1, limit: 10)
      let last = try await UserListClient.liveValue.users(page: 3, limit: 10)
      let past = try await UserListClient.liveValue.users(page: 4, limit: 10)

      #expect(first.items.map(\.id) == Array(1...10))
      #expect(first.total == 25)
      #expect(first.hasMore)
      #expect(last.items.map(\.id) == Array(21...25))
      #expect(!last.hasMore)
      #expect(past.items.isEmpty)
      #expect(!past.hasMore)
    }
  }

  @Test
  func aPageSizeOverTheMaximumIsRefusedWithTheServersMessage() async throws {
    let error = try await withLiveAPI { _ in
      await #expect(throws: APIError.self) {
        try await UserListClient.liveValue.users(page: 1, limit: 101)
      }
    }

    guard case .badRequest(let message) = error else {
      Issue.record("Expected APIError.badRequest, got \(String(describing: error))")
      return
    }
    #expect(message.contains("`limit`"))
  }
}

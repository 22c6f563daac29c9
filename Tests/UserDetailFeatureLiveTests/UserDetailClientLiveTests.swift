import APIClient
import APIClientLive
import APIServer
import ComposableArchitecture
import LiveServerTestSupport
import SharedModels
import Testing
import UserDetailFeature
import UserDetailFeatureLive

@Suite(.serialized)
struct UserDetailClientLiveTests {
  @Test
  func aUserAndTheirPostsArePagedNewestFirst() async throws {
    try await withLiveAPI { _ in
      @Dependency(\.apiClient) var apiClient
      let authors = try await apiClient.users(page: 1, limit: 40).items
      let author = try #require(authors.max { $0.postCount < $1.postCount })
      try #require(author.postCount > 2)

      let user = try await UserDetailClient.liveValue.user(id: author.id)
      let first = try await UserDetailClient.liveValue.posts(userID: author.id, page: 1, limit: 2)
      let second = try await UserDetailClient.liveValue.posts(
        userID: author.id, page: 2, limit: 2)

      #expect(user == author)
      #expect(first.total == author.postCount)
      #expect(first.items.count == 2)
      #expect(first.hasMore)
      #expect(Set(first.items.map(\.authorID)) == [author.id])
      let dates = (first.items + second.items).map(\.createdAt)
      #expect(dates == dates.sorted(by: >))
    }
  }

  @Test
  func anUnknownUserIsNotFound() async throws {
    try await withLiveAPI { _ in
      await #expect(throws: UserDetailClientError.notFound) {
        try await UserDetailClient.liveValue.user(id: 9_999)
      }
      await #expect(throws: UserDetailClientError.notFound) {
        try await UserDetailClient.liveValue.posts(userID: 9_999, page: 1, limit: 20)
      }
    }
  }

  @Test
  func otherErrorsAreTheAPIClientsErrors() async throws {
    try await withLiveAPI { _ in
      await #expect {
        _ = try await UserDetailClient.liveValue.user(id: 0)
      } throws: { error in
        guard case .badRequest = error as? APIError else { return false }
        return true
      }
      await #expect {
        _ = try await UserDetailClient.liveValue.posts(userID: 1, page: 1, limit: 0)
      } throws: { error in
        guard case .badRequest = error as? APIError else { return false }
        return true
      }
    }
  }
}

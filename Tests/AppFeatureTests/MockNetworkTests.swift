import HomeFeature
import HomeFeatureTesting
import SearchFeature
import SearchFeatureTesting
import SharedModels
import SharedModelsTesting
import Testing
import UserDetailFeature
import UserDetailFeatureTesting
import UserListFeature
import UserListFeatureTesting

/// The features' `mock` doubles, read together as `tcal --mock` shows them: one network, the
/// same in every tab.
struct MockNetworkTests {
  /// Every page of a paged endpoint, in order.
  private func allPages<Element>(
    _ load: (_ page: Int, _ limit: Int) async throws -> Page<Element>
  ) async throws -> [Element] {
    var items: [Element] = []
    var page = 1
    while true {
      let answer = try await load(page, 20)
      items += answer.items
      guard answer.hasMore else { return items }
      page += 1
    }
  }

  @Test
  func everyUsersPostCountIsTheNumberOfTheirPostsOnTheirScreen() async throws {
    let users = try await allPages(UserListClient.mock.users)
    #expect(users.map(\.id) == Array(1...45))
    for user in users {
      #expect(try await UserDetailClient.mock.user(user.id) == user)
      let posts = try await allPages { try await UserDetailClient.mock.posts(user.id, $0, $1) }
      #expect(posts.count == user.postCount, "\(user.handle)")
      #expect(posts.allSatisfy { $0.authorID == user.id && $0.authorHandle == user.handle })
    }
  }

  @Test
  func theFeedIsEveryonesPostsNewestFirst() async throws {
    let feed = try await allPages(HomeClient.mock.feed)
    let users = try await allPages(UserListClient.mock.users)
    #expect(feed.count == users.map(\.postCount).reduce(0, +))
    #expect(feed.map(\.id) == Array((1...feed.count).reversed()))
    #expect(zip(feed, feed.dropFirst()).allSatisfy { $0.createdAt > $1.createdAt })
    // The newest page mixes authors rather than showing one person's posts.
    #expect(Set(feed.prefix(20).map(\.authorID)).count > 5)
  }

  @Test
  func searchFindsTheSamePeopleAndPosts() async throws {
    let results = try await SearchClient.mock.search("café", 10)
    #expect(results.users.map(\.item) == [MockNetwork.user(id: User.zoe.id)])
    let feed = try await allPages(HomeClient.mock.feed)
    #expect(!results.posts.isEmpty)
    for post in results.posts.map(\.item) {
      #expect(feed.contains(post))
    }
  }
}

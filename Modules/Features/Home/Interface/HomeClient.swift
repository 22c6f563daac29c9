import ComposableArchitecture
import Foundation
import SharedModels

/// What the Home feature needs from the outside world: the feed.
///
/// The live value (in `HomeFeatureLive`) calls `GET /posts` through the `apiClient`
/// dependency; named doubles (``HomeClient/testValue`` aside) are in `HomeFeatureTesting`.
@DependencyClient
public struct HomeClient: Sendable {
  /// One page of the home feed, newest first; pages count from 1.
  public var feed: @Sendable (_ page: Int, _ limit: Int) async throws -> Page<Post>
}

extension HomeClient: TestDependencyKey {
  /// A client whose endpoints fail the test that calls them; tests override what they use.
  public static let testValue = HomeClient()

  /// A small feed of three posts, newest first, on a single page.
  public static let previewValue = HomeClient(
    feed: { page, limit in
      let epoch = Date(timeIntervalSince1970: 1_704_067_200)
      let posts = [
        Post(
          id: 3, authorID: 2, authorHandle: "zoe", authorDisplayName: "Zoë Ångström",
          body: "Opening the café early today ☕️", createdAt: epoch.addingTimeInterval(180),
          likeCount: 12),
        Post(
          id: 2, authorID: 3, authorHandle: "hana", authorDisplayName: "山田 花子",
          body: "東京の朝。", createdAt: epoch.addingTimeInterval(120), likeCount: 4),
        Post(
          id: 1, authorID: 1, authorHandle: "alice", authorDisplayName: "Alice Liddell",
          body: "Curiouser and curiouser.", createdAt: epoch.addingTimeInterval(60),
          likeCount: 1),
      ]
      let start = min(max(page - 1, 0) * limit, posts.count)
      let end = min(start + limit, posts.count)
      return Page(items: Array(posts[start..<end]), page: page, limit: limit, total: posts.count)
    }
  )
}

extension DependencyValues {
  /// The Home feature's client.
  public var homeClient: HomeClient {
    get { self[HomeClient.self] }
    set { self[HomeClient.self] = newValue }
  }
}

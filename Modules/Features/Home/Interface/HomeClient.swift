import ComposableArchitecture
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

  /// A small feed of the sample posts (``SharedModels/Post/samples``), newest first.
  public static let previewValue = HomeClient(
    feed: { page, limit in Page(slicing: Post.samples, page: page, limit: limit) }
  )
}

extension DependencyValues {
  /// The Home feature's client.
  public var homeClient: HomeClient {
    get { self[HomeClient.self] }
    set { self[HomeClient.self] = newValue }
  }
}

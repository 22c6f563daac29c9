import ComposableArchitecture
import HomeFeature
import SharedModels
import SharedModelsTesting

extension HomeClient {
  /// The feed ``mock`` serves: every post of the `MockNetwork`, newest first (more than ten
  /// pages of 20).
  public static let mockPosts = MockNetwork.posts

  /// A client serving ``mockPosts`` a page at a time, as the server cuts them.
  public static let mock = HomeClient.serving(mockPosts)

  /// A client serving `posts` (already newest first) a page at a time, as the server cuts them.
  public static func serving(_ posts: [Post]) -> HomeClient {
    HomeClient(feed: { page, limit in Page.fixture(of: posts, page: page, limit: limit) })
  }

  /// A client whose every page throws `error`.
  public static func failing(_ error: any Error) -> HomeClient {
    HomeClient(feed: { _, _ in throw error })
  }

  /// A client serving an empty feed: page 1 has no posts and nothing follows.
  public static let empty = HomeClient.serving([])

  /// A client whose loads never finish: they suspend until cancelled, then throw
  /// `CancellationError`.
  public static let never = HomeClient(feed: { _, _ in try await Task.never() })

  /// ``mock``, answering each page after `duration` on `clock` (a `TestClock` in tests), to show
  /// the loading state.
  public static func slow(_ duration: Duration, clock: any Clock<Duration>) -> HomeClient {
    HomeClient(feed: { page, limit in
      try await clock.sleep(for: duration)
      return Page.fixture(of: mockPosts, page: page, limit: limit)
    })
  }
}

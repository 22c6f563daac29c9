import ComposableArchitecture
import Foundation
import SearchFeature
import SharedModels
import SharedModelsTesting

extension SearchClient {
  /// The users ``mock`` searches: the `MockNetwork`'s 45.
  public static let mockUsers: [User] = MockNetwork.users

  /// The posts ``mock`` searches: the `MockNetwork`'s, newest first.
  public static let mockPosts: [Post] = MockNetwork.posts

  /// What ``mock`` answers for `query`: the ``mockUsers`` whose handle, display name or bio,
  /// and the ``mockPosts`` whose body, contain `query` ignoring case and diacritics, in their
  /// order, at most `limit` of each, ranked from `Double(limit)` down by one.
  public static func mockResults(query: String, limit: Int) -> SearchResults {
    func matches(_ fields: String...) -> Bool {
      fields.contains {
        $0.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
      }
    }
    let users = mockUsers.filter { matches($0.handle, $0.displayName, $0.bio) }.prefix(limit)
    let posts = mockPosts.filter { matches($0.body) }.prefix(limit)
    return SearchResults(
      query: query,
      users: users.enumerated().map { SearchResult(item: $1, rank: Double(limit - $0)) },
      posts: posts.enumerated().map { SearchResult(item: $1, rank: Double(limit - $0)) }
    )
  }

  /// A client that answers at once with ``mockResults(query:limit:)``.
  public static var mock: SearchClient {
    SearchClient(search: { query, limit in mockResults(query: query, limit: limit) })
  }

  /// A client that answers ``mockResults(query:limit:)`` after `duration` on `clock`, for
  /// tests of requests in flight (with a `TestClock`) and slow previews.
  public static func slow(_ duration: Duration, clock: any Clock<Duration>) -> SearchClient {
    SearchClient(
      search: { query, limit in
        try await clock.sleep(for: duration)
        return mockResults(query: query, limit: limit)
      }
    )
  }

  /// A client that finds nothing for any query (the answer echoes the query).
  public static var empty: SearchClient {
    SearchClient(search: { query, _ in SearchResults(query: query, users: [], posts: []) })
  }

  /// A client whose searches throw `error`.
  public static func failing(_ error: any Error) -> SearchClient {
    SearchClient(search: { _, _ in throw error })
  }

  /// A client whose searches never answer: they suspend until their task is cancelled, then
  /// throw `CancellationError`.
  public static var never: SearchClient {
    SearchClient(search: { _, _ in try await Task<SearchResults, Never>.never() })
  }
}

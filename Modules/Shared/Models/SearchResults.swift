/// The answer to `GET /search`: users and posts matching a query, best first.
public struct SearchResults: Codable, Hashable, Sendable {
  /// The query exactly as the server received it, so clients can match an answer to the
  /// query they sent and drop stale answers.
  public var query: String
  /// Matching users, best first.
  public var users: [SearchResult<User>]
  /// Matching posts, best first.
  public var posts: [SearchResult<Post>]

  /// Creates search results.
  public init(query: String, users: [SearchResult<User>], posts: [SearchResult<Post>]) {
    self.query = query
    self.users = users
    self.posts = posts
  }
}

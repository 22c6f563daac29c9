/// The answer to `GET /health`.
public struct Health: Codable, Hashable, Sendable {
  /// `"ok"` when the server can read its database.
  public var status: String
  /// How many users the database holds.
  public var users: Int
  /// How many posts the database holds.
  public var posts: Int

  /// Creates a health report.
  public init(status: String, users: Int, posts: Int) {
    self.status = status
    self.users = users
    self.posts = posts
  }
}

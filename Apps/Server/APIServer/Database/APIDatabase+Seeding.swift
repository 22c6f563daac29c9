import GRDB
import Logging

extension APIDatabase {
  /// Fills an empty database with the dataset `configuration` describes, in one transaction.
  ///
  /// Logs "Writing dataset" to `logger` once the transaction has started writing.
  ///
  /// - Returns: whether it generated anything (`false` when the database already had users).
  @discardableResult
  public func seedIfEmpty(_ configuration: DatasetConfiguration, logger: Logger? = nil) throws
    -> Bool
  {
    // Checked before generating (a filled database is the common case at start-up) and again in
    // the write transaction (another process may have seeded it meanwhile).
    guard try isEmpty() else { return false }
    var generator = DatasetGenerator(configuration: configuration)
    let users = generator.users()
    let posts = generator.posts(handles: users.map(\.handle))
    return try pool.write { db in
      guard try Self.isEmpty(db) else { return false }
      let insertUser = try db.makeStatement(
        sql: """
          INSERT INTO user (id, handle, displayName, bio, email, joinedAt)
          VALUES (?, ?, ?, ?, ?, ?)
          """)
      logger?.info(
        "Writing dataset", metadata: ["users": "\(users.count)", "posts": "\(posts.count)"])
      for user in users {
        try insertUser.execute(arguments: [
          user.id, user.handle, user.displayName, user.bio, user.email, user.joinedAt,
        ])
      }
      let insertPost = try db.makeStatement(
        sql: "INSERT INTO post (id, authorID, body, createdAt, likeCount) VALUES (?, ?, ?, ?, ?)")
      for post in posts {
        try insertPost.execute(arguments: [
          post.id, post.authorID, post.body, post.createdAt, post.likeCount,
        ])
      }
      return true
    }
  }
}

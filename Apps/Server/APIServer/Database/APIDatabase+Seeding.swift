import GRDB
import Logging

extension APIDatabase {
  /// Fills an empty database with the dataset `configuration` describes, in one transaction.
  ///
  /// Rows are generated as they are written, so memory stays flat whatever the dataset's size
  /// (the handles, which posts mention, are all that is kept). Logs "Writing dataset" to
  /// `logger` once the transaction has started writing.
  ///
  /// - Returns: whether it generated anything (`false` when the database already had users).
  @discardableResult
  public func seedIfEmpty(_ configuration: DatasetConfiguration, logger: Logger? = nil) throws
    -> Bool
  {
    // Checked before taking the write lock (a filled database is the common case at start-up)
    // and again in the write transaction (another process may have seeded it meanwhile).
    guard try isEmpty() else { return false }
    return try pool.write { db in
      guard try Self.isEmpty(db) else { return false }
      var generator = DatasetGenerator(configuration: configuration)
      let insertUser = try db.makeStatement(
        sql: """
          INSERT INTO user (id, handle, displayName, bio, email, joinedAt)
          VALUES (?, ?, ?, ?, ?, ?)
          """)
      logger?.info(
        "Writing dataset",
        metadata: ["users": "\(configuration.userCount)", "posts": "\(configuration.postCount)"])
      while let user = generator.nextUser() {
        try insertUser.execute(arguments: [
          user.id, user.handle, user.displayName, user.bio, user.email, user.joinedAt,
        ])
      }
      let insertPost = try db.makeStatement(
        sql: "INSERT INTO post (id, authorID, body, createdAt, likeCount) VALUES (?, ?, ?, ?, ?)")
      while let post = generator.nextPost() {
        try insertPost.execute(arguments: [
          post.id, post.authorID, post.body, post.createdAt, post.likeCount,
        ])
      }
      return true
    }
  }
}

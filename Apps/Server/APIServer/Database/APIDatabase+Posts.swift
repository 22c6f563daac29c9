import GRDB
import SharedModels

extension APIDatabase {
  /// A page of the home feed: every post, newest first.
  public func feed(_ request: PageRequest) async throws -> Page<Post> {
    try await pool.read { db in
      let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post") ?? 0
      let posts = try Row.fetchAll(
        db,
        sql: """
          SELECT \(postColumns) FROM post p JOIN user u ON u.id = p.authorID
          ORDER BY p.createdAt DESC, p.id DESC LIMIT ? OFFSET ?
          """,
        arguments: [request.limit, request.offset]
      ).map { try Post(row: $0) }
      return Page(items: posts, page: request.page, limit: request.limit, total: total)
    }
  }

  /// A page of the posts of the user with `userID`, newest first, or `nil` when there is no
  /// such user.
  public func posts(ofUser userID: Int, _ request: PageRequest) async throws -> Page<Post>? {
    try await pool.read { db in
      guard
        try Bool.fetchOne(db, sql: "SELECT 1 FROM user WHERE id = ?", arguments: [userID])
          != nil
      else { return nil }
      let total =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM post WHERE authorID = ?", arguments: [userID]) ?? 0
      let posts = try Row.fetchAll(
        db,
        sql: """
          SELECT \(postColumns) FROM post p JOIN user u ON u.id = p.authorID
          WHERE p.authorID = ?
          ORDER BY p.createdAt DESC, p.id DESC LIMIT ? OFFSET ?
          """,
        arguments: [userID, request.limit, request.offset]
      ).map { try Post(row: $0) }
      return Page(items: posts, page: request.page, limit: request.limit, total: total)
    }
  }
}

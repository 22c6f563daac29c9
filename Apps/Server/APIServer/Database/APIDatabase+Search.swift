import GRDB
import SharedModels

extension APIDatabase {
  /// Users and posts matching `text`, best first, at most `limit` of each.
  ///
  /// Users are ranked by bm25 with the handle and display name weighing ten times the bio, so
  /// a user named like the query ranks above one whose bio mentions it.
  public func search(_ text: String, limit: Int) async throws -> SearchResults {
    guard let match = FTSQuery.make(from: text) else {
      return SearchResults(query: text, users: [], posts: [])
    }
    return try await pool.read { db in
      let users = try Row.fetchAll(
        db,
        sql: """
          SELECT \(userColumns), bm25(user_fts, 10.0, 10.0, 1.0) AS score
          FROM user_fts JOIN user u ON u.id = user_fts.rowid
          WHERE user_fts MATCH ?
          ORDER BY score, u.id LIMIT ?
          """,
        arguments: [match, limit]
      ).map { row in
        SearchResult(item: User(row: row), rank: -(row["score"] as Double))
      }
      let posts = try Row.fetchAll(
        db,
        sql: """
          SELECT \(postColumns), bm25(post_fts) AS score
          FROM post_fts JOIN post p ON p.id = post_fts.rowid JOIN user u ON u.id = p.authorID
          WHERE post_fts MATCH ?
          ORDER BY score, p.createdAt DESC, p.id DESC LIMIT ?
          """,
        arguments: [match, limit]
      ).map { row in
        SearchResult(item: Post(row: row), rank: -(row["score"] as Double))
      }
      return SearchResults(query: text, users: users, posts: posts)
    }
  }
}

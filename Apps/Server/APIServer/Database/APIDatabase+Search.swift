import GRDB
import SharedModels

extension APIDatabase {
  /// Users and posts matching `text`, best first, at most `limit` of each.
  ///
  /// Users are ranked by bm25 with the handle and display name weighing ten times the bio, so
  /// a user named like the query ranks above one whose bio mentions it; ties go to the lower
  /// user id and the higher post id. Hits are ranked and cut to `limit` inside the full-text
  /// index before rows are joined, so a common word costs little more than a rare one.
  public func search(_ text: String, limit: Int) async throws -> SearchResults {
    guard let match = FTSQuery.make(from: text) else {
      return SearchResults(query: text, users: [], posts: [])
    }
    return try await pool.read { db in
      let users = try Row.fetchAll(
        db,
        sql: """
          SELECT \(userColumns), hit.score
          FROM (
            SELECT rowid, bm25(user_fts, 10.0, 10.0, 1.0) AS score FROM user_fts
            WHERE user_fts MATCH ? ORDER BY score, rowid LIMIT ?
          ) AS hit
          JOIN user u ON u.id = hit.rowid
          ORDER BY hit.score, u.id
          """,
        arguments: [match, limit]
      ).map { row in
        SearchResult(
          item: try User(row: row), rank: -(try row.decode(Double.self, forColumn: "score")))
      }
      let posts = try Row.fetchAll(
        db,
        sql: """
          SELECT \(postColumns), hit.score
          FROM (
            SELECT rowid, bm25(post_fts) AS score FROM post_fts
            WHERE post_fts MATCH ? ORDER BY score, rowid DESC LIMIT ?
          ) AS hit
          JOIN post p ON p.id = hit.rowid JOIN user u ON u.id = p.authorID
          ORDER BY hit.score, p.id DESC
          """,
        arguments: [match, limit]
      ).map { row in
        SearchResult(
          item: try Post(row: row), rank: -(try row.decode(Double.self, forColumn: "score")))
      }
      return SearchResults(query: text, users: users, posts: posts)
    }
  }
}

import Foundation
import GRDB
import SharedModels

/// The columns a ``User`` is read from, for `FROM user u`.
let userColumns = """
  u.id, u.handle, u.displayName, u.bio, u.joinedAt,
  (SELECT COUNT(*) FROM post WHERE post.authorID = u.id) AS postCount
  """

/// The columns a ``Post`` is read from, for `FROM post p JOIN user u ON u.id = p.authorID`.
let postColumns = """
  p.id, p.authorID, u.handle AS authorHandle, u.displayName AS authorDisplayName, p.body,
  p.createdAt, p.likeCount
  """

extension User {
  /// Reads a user from a row selected with ``userColumns``; a value of the wrong type (a damaged
  /// database) is an error, not a crash.
  init(row: Row) throws {
    self.init(
      id: try row.decode(forColumn: "id"), handle: try row.decode(forColumn: "handle"),
      displayName: try row.decode(forColumn: "displayName"),
      bio: try row.decode(forColumn: "bio"),
      joinedAt: Date(
        timeIntervalSince1970: TimeInterval(try row.decode(Int64.self, forColumn: "joinedAt"))),
      postCount: try row.decode(forColumn: "postCount"))
  }
}

extension Post {
  /// Reads a post from a row selected with ``postColumns``; a value of the wrong type (a damaged
  /// database) is an error, not a crash.
  init(row: Row) throws {
    self.init(
      id: try row.decode(forColumn: "id"), authorID: try row.decode(forColumn: "authorID"),
      authorHandle: try row.decode(forColumn: "authorHandle"),
      authorDisplayName: try row.decode(forColumn: "authorDisplayName"),
      body: try row.decode(forColumn: "body"),
      createdAt: Date(
        timeIntervalSince1970: TimeInterval(try row.decode(Int64.self, forColumn: "createdAt"))),
      likeCount: try row.decode(forColumn: "likeCount"))
  }
}

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
  /// Reads a user from a row selected with ``userColumns``.
  init(row: Row) {
    self.init(
      id: row["id"], handle: row["handle"], displayName: row["displayName"], bio: row["bio"],
      joinedAt: Date(timeIntervalSince1970: TimeInterval(row["joinedAt"] as Int64)),
      postCount: row["postCount"])
  }
}

extension Post {
  /// Reads a post from a row selected with ``postColumns``.
  init(row: Row) {
    self.init(
      id: row["id"], authorID: row["authorID"], authorHandle: row["authorHandle"],
      authorDisplayName: row["authorDisplayName"], body: row["body"],
      createdAt: Date(timeIntervalSince1970: TimeInterval(row["createdAt"] as Int64)),
      likeCount: row["likeCount"])
  }
}

import GRDB
import SharedModels

extension APIDatabase {
  /// The signed-in user's profile, or `nil` when the database has no such user.
  public func profile() async throws -> UserProfile? {
    try await pool.read { db in
      try Self.profile(in: db)
    }
  }

  /// Saves a validated update to the signed-in user's profile, in one transaction, and
  /// returns the saved profile (`nil` when there is no signed-in user).
  public func updateProfile(_ update: ProfileUpdate) async throws -> UserProfile? {
    try await pool.write { db in
      try db.execute(
        sql: "UPDATE user SET displayName = ?, bio = ?, email = ? WHERE id = ?",
        arguments: [update.displayName, update.bio, update.email, Self.signedInUserID])
      return try Self.profile(in: db)
    }
  }

  private static func profile(in db: Database) throws -> UserProfile? {
    try Row.fetchOne(
      db, sql: "SELECT id, handle, displayName, bio, email FROM user WHERE id = ?",
      arguments: [signedInUserID]
    ).map { row in
      UserProfile(
        id: try row.decode(forColumn: "id"), handle: try row.decode(forColumn: "handle"),
        displayName: try row.decode(forColumn: "displayName"),
        bio: try row.decode(forColumn: "bio"), email: try row.decode(forColumn: "email"))
    }
  }
}

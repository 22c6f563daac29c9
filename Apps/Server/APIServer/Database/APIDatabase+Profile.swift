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
  ///
  /// `precondition` is asked about the profile as it is inside that transaction, before the
  /// update: what it throws leaves the profile as it was. So a check it makes (an `If-Match`)
  /// cannot be overtaken by another writer between the check and the write.
  public func updateProfile(
    _ update: ProfileUpdate,
    precondition: @escaping @Sendable (UserProfile) throws -> Void = { _ in }
  ) async throws -> UserProfile? {
    try await pool.write { db in
      guard let current = try Self.profile(in: db) else { return nil }
      try precondition(current)
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

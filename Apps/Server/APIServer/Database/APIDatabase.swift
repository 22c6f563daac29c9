import Foundation
import GRDB

/// The server's SQLite database: a WAL-mode connection pool, its schema and its queries.
///
/// Every write runs in a transaction, so a write that fails, or a process killed during one,
/// leaves the previous data intact.
public struct APIDatabase: Sendable {
  /// The connection pool (one writer, concurrent readers).
  public let pool: DatabasePool

  /// The id of the signed-in user that `/me` reads and writes.
  public static let signedInUserID = 1

  /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
  public init(path: String) throws {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(5)
    // Foreign keys are on by default in GRDB (`Configuration.foreignKeysEnabled`).
    pool = try DatabasePool(path: path, configuration: configuration)
    try Schema.migrator.migrate(pool)
  }

  /// Whether the database holds no users yet.
  public func isEmpty() throws -> Bool {
    try pool.read(Self.isEmpty)
  }

  /// Whether the database holds no users yet, read in `db`.
  static func isEmpty(_ db: Database) throws -> Bool {
    try Int.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM user)") == 0
  }

  /// How many users and posts the database holds.
  public func counts() async throws -> (users: Int, posts: Int) {
    try await pool.read { db in
      let users = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
      let posts = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post") ?? 0
      return (users, posts)
    }
  }
}

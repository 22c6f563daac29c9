import Foundation
import GRDB

/// The server's SQLite database: a WAL-mode connection pool, its schema and its queries.
///
/// Every write runs in a transaction, so a write that fails, or a process killed during one,
/// leaves the previous data intact.
public struct APIDatabase: Sendable {
  /// The connection pool (one writer, concurrent readers).
  public let pool: DatabasePool
  /// The file the pool opened: its path, and the device and inode it had then.
  private let file: DatabaseFile

  /// The id of the signed-in user that `/me` reads and writes.
  public static let signedInUserID = 1

  /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
  ///
  /// An existing file is checked, read-only, before anything is written to it
  /// (``checkIntegrity(path:lockTimeout:)``): a damaged file is left exactly as it was.
  ///
  /// Another process opening, migrating or seeding the same file (a second app started at the
  /// same time) holds its lock for a moment; opening waits for it up to `lockTimeout`.
  ///
  /// - Throws: ``APIServerError/unreadableDatabase(path:reason:)`` when an existing file is
  ///   damaged, ``APIServerError/unusableDatabase(path:reason:)`` when its directory cannot be
  ///   created; SQLite's error when it is not a database at all, cannot be created, or is still
  ///   locked after `lockTimeout` (`SQLITE_BUSY`).
  public init(path: String, lockTimeout: Duration = .seconds(5)) throws {
    let existed = FileManager.default.fileExists(atPath: path)
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw APIServerError.unusableDatabase(
        path: path, reason: "its directory \(directory.path) cannot be created")
    }
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(lockTimeout.seconds)
    configuration.prepareDatabase { db in db.add(tokenizer: SearchWordsTokenizer.self) }
    // Foreign keys are on by default in GRDB (`Configuration.foreignKeysEnabled`).
    if existed { try Self.checkIntegrity(path: path, lockTimeout: lockTimeout) }
    pool = try Self.openPool(path: path, configuration: configuration, lockTimeout: lockTimeout)
    file = DatabaseFile(path: path)
    try Schema.migrate(pool)
  }

  /// What is wrong with the database file the server opened, seen from its path: `nil` while
  /// the path still names that file; otherwise that it was removed, or replaced by another file
  /// (the server's connections still read and write the file they opened, which no one will
  /// see again). `processName` is what the sentence calls the process serving the database.
  public func fileProblem(processName: String = "the server") -> String? {
    switch file.current() {
    case .same: nil
    case .missing: "The database file \(file.name) was removed while \(processName) ran."
    case .replaced: "The database file \(file.name) was replaced while \(processName) ran."
    }
  }

  /// Opens the connection pool, trying again for up to `lockTimeout` while another process
  /// holds the database. Making a new file a write-ahead-log database (`PRAGMA journal_mode =
  /// WAL`) needs the file to itself, and SQLite fails it at once when another connection reads
  /// it (its busy handler is not called there, to avoid a deadlock): two apps opening one new
  /// file at the same moment would otherwise see `database is locked`.
  private static func openPool(
    path: String, configuration: Configuration, lockTimeout: Duration
  ) throws -> DatabasePool {
    let clock = ContinuousClock()
    let deadline = clock.now + lockTimeout
    while true {
      do {
        return try DatabasePool(path: path, configuration: configuration)
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
        guard clock.now < deadline else { throw error }
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
  }

  /// Reads every page of the tables and indexes of the database at `path` through a read-only
  /// connection (SQLite's `quick_check`, about 10 ms for the standard dataset), so a file
  /// damaged in the middle is found at start rather than by the first request that reads the
  /// damaged page, and nothing is written to it.
  ///
  /// - Throws: ``APIServerError/unreadableDatabase(path:reason:)`` ("the file is damaged"), or
  ///   SQLite's error when the file is not a database.
  static func checkIntegrity(path: String, lockTimeout: Duration) throws {
    // SQLite makes the write-ahead log's files even for a read-only connection. When the file
    // is damaged, the ones this check made are removed, so the damaged file is the only thing
    // there. When it is sound they stay: another process opening the same file at the same
    // moment (two apps started together) may be using them already, and removing a log in use
    // loses its writes and fails its connections.
    let files = FileManager.default
    let made = [path + "-wal", path + "-shm"].filter { !files.fileExists(atPath: $0) }
    func removeMade() {
      for file in made { try? files.removeItem(atPath: file) }
    }
    var configuration = Configuration()
    configuration.readonly = true
    // Another process migrating or seeding the file holds its lock for a moment.
    configuration.busyMode = .timeout(lockTimeout.seconds)
    let result: String?
    // Only SQLite's answer that the file is not a database, or is damaged, removes the files
    // made. Any other error (another process's lock held past the timeout, an I/O error) says
    // nothing against the file; it is thrown as it is, and the files stay: they may be another
    // process's.
    do {
      result = try DatabaseQueue(path: path, configuration: configuration).read { db in
        try String.fetchOne(db, sql: "PRAGMA quick_check(1)")
      }
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    {
      removeMade()
      throw error
    }
    guard result == "ok" else {
      removeMade()
      throw APIServerError.unreadableDatabase(path: path, reason: "the file is damaged")
    }
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

extension Duration {
  /// The duration in seconds, as SQLite's busy timeout takes it.
  fileprivate var seconds: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

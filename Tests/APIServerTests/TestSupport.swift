import APIServer
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SharedModels
import Testing

/// Every test of the server, run one at a time: each starts servers and seeds databases, and
/// running them all at once would starve the other targets' timing-sensitive tests.
@Suite(.serialized) enum ServerSuite {}

extension DatasetConfiguration {
  /// The dataset most tests use: small enough to generate in milliseconds.
  static let small = DatasetConfiguration(seed: 7, userCount: 60, postCount: 600)
}

/// A logger that stays quiet unless something goes wrong.
let quietLogger: Logger = {
  var logger = Logger(label: "api-server-tests")
  logger.logLevel = .warning
  return logger
}()

/// A fresh database path in its own temporary directory.
func temporaryDatabasePath() -> String {
  FileManager.default.temporaryDirectory
    .appendingPathComponent("api-server-tests-\(UUID().uuidString)")
    .appendingPathComponent("api.sqlite").path
}

/// Removes the directory holding the database at `path`.
func removeDatabase(at path: String) {
  try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
}

/// Runs `body` with Hummingbird's router test client over a freshly seeded database.
func withRouter(
  dataset: DatasetConfiguration = .small,
  _ body: @Sendable (any TestClientProtocol, APIDatabase) async throws -> Void
) async throws {
  let path = temporaryDatabasePath()
  defer { removeDatabase(at: path) }
  let database = try APIDatabase(path: path)
  try database.seedIfEmpty(dataset)
  let configuration = APIServerConfiguration(
    databasePath: path, dataset: dataset, logger: quietLogger)
  let application = Application(
    router: APIServer.makeRouter(database: database, configuration: configuration),
    logger: quietLogger)
  try await application.test(.router) { client in
    try await body(client, database)
  }
}

/// Runs `body` with a server started on a free loopback port over a fresh database, and
/// stops the server afterwards.
func withLiveServer(
  dataset: DatasetConfiguration = .small,
  limits: APILimits = APILimits(),
  idleTimeout: Duration = .seconds(30),
  _ body: @Sendable (APIServer) async throws -> Void
) async throws {
  let path = temporaryDatabasePath()
  defer { removeDatabase(at: path) }
  let server = try await APIServer.start(
    APIServerConfiguration(
      databasePath: path, dataset: dataset, limits: limits, idleTimeout: idleTimeout,
      logger: quietLogger))
  do {
    try await body(server)
  } catch {
    try await server.shutdown()
    throw error
  }
  try await server.shutdown()
}

extension TestResponse {
  /// The body decoded with the API's decoder; every JSON answer, success or error, must say so
  /// in its content type.
  func decoded<T: Decodable>(
    as type: T.Type = T.self, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> T {
    #expect(
      headers[.contentType]?.hasPrefix("application/json") == true,
      "A JSON body was served as \(headers[.contentType] ?? "no content type")",
      sourceLocation: sourceLocation)
    return try JSONDecoder.api.decode(T.self, from: Data(body.readableBytesView))
  }
}

extension APIDatabase {
  /// Inserts a user with the next free id, returning it.
  @discardableResult
  func insertUser(handle: String, displayName: String, bio: String = "") throws -> Int {
    try pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO user (handle, displayName, bio, email, joinedAt)
          VALUES (?, ?, ?, ?, 1700000000)
          """,
        arguments: [handle, displayName, bio, "\(handle)@example.com"])
      return Int(db.lastInsertedRowID)
    }
  }

  /// Inserts a post by `authorID`, returning its id.
  @discardableResult
  func insertPost(authorID: Int, body: String) throws -> Int {
    try pool.write { db in
      try db.execute(
        sql: "INSERT INTO post (authorID, body, createdAt) VALUES (?, ?, 1700000000)",
        arguments: [authorID, body])
      return Int(db.lastInsertedRowID)
    }
  }
}

/// Runs the `Server` executable with `arguments` until it exits, returning its exit status and
/// what it wrote to standard error.
func runServerCommand(_ arguments: [String]) async throws -> (status: Int32, standardError: String)
{
  let process = Process()
  process.executableURL = URL(fileURLWithPath: ServerSuite.KillTests.serverBinary)
  process.arguments = arguments
  let standardError = Pipe()
  process.standardError = standardError
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  let output = await onThread {
    let data = standardError.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
  return (process.terminationStatus, output)
}

/// Makes files read-only for this process: `chmod a-w`, and for root, whom permissions do not
/// stop, the immutable attribute (`chattr +i`) where the file system and privileges allow it.
enum ReadOnlyFile {
  /// Whether a file made read-only here is refused for writing.
  static let canBeMade: Bool = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("read-only-probe-\(UUID().uuidString)").path
    guard FileManager.default.createFile(atPath: path, contents: Data()) else { return false }
    defer {
      undo(path)
      try? FileManager.default.removeItem(atPath: path)
    }
    return (try? make(path)) != nil
  }()

  /// Makes the file at `path` read-only.
  ///
  /// - Throws: `CocoaError(.fileWriteNoPermission)` when it is still writable afterwards.
  static func make(_ path: String) throws {
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    if FileManager.default.isWritableFile(atPath: path) { changeAttributes("+i", path) }
    if FileManager.default.isWritableFile(atPath: path) {
      throw CocoaError(.fileWriteNoPermission)
    }
  }

  /// Makes the file at `path` writable again.
  static func undo(_ path: String) {
    changeAttributes("-i", path)
    try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
  }

  private static func changeAttributes(_ change: String, _ path: String) {
    let chattr = Process()
    chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    chattr.arguments = [change, path]
    chattr.standardError = FileHandle.nullDevice
    guard (try? chattr.run()) != nil else { return }
    chattr.waitUntilExit()
  }
}

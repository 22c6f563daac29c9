import APIServer
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import NIOCore
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Durability")
  struct DurabilityTests {
    struct AbortedWrite: Error {}

    @Test func failedWriteLeavesThePreviousData() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let database = try APIDatabase(path: path)
      try database.seedIfEmpty(.small)
      let before = try #require(try await database.profile())
      #expect(throws: AbortedWrite.self) {
        try database.pool.write { db in
          try db.execute(sql: "UPDATE user SET displayName = 'Changed' WHERE id = 1")
          try db.execute(sql: "DELETE FROM post")
          throw AbortedWrite()
        }
      }
      #expect(try await database.profile() == before)
      #expect(try await database.counts().posts == 600)
    }

    @Test func aDamagedRowIsAnErrorNotACrash() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let database = try APIDatabase(path: path)
      try database.seedIfEmpty(.small)
      // The tables accept any value in any column: a hand-edited file can hold text for a date.
      try await database.pool.write { db in
        try db.execute(sql: "UPDATE user SET joinedAt = 'yesterday' WHERE id = 1")
      }
      await #expect(throws: (any Error).self) {
        try await database.users(PageRequest(page: 1, limit: 10))
      }
      await #expect(throws: (any Error).self) { try await database.user(id: 1) }
      // Rows that are not damaged still read.
      #expect(try await database.user(id: 2)?.id == 2)
    }

    /// A database file removed or replaced under the running server: the server's connections
    /// keep the file they opened, so a save would be acknowledged and then lost. `/health` says
    /// so, and saves are refused, until a restart.
    @Test(arguments: ["removed", "replaced"])
    func aDatabaseFileGoneFromItsPathIsReportedAndNotWrittenTo(_ fault: String) async throws {
      try await withRouter { client, database in
        let path = database.pool.path
        #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        let files = FileManager.default
        for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
          try files.moveItem(atPath: path + suffix, toPath: path + ".old" + suffix)
        }
        // A backup put back (`mv backup.sqlite api.sqlite`) while the server runs.
        if fault == "replaced" { try files.copyItem(atPath: path + ".old", toPath: path) }
        let health = try await client.execute(uri: "/health", method: .get)
        #expect(health.status == .serviceUnavailable)
        let problem = try health.decoded(as: APIErrorBody.self)
        #expect(problem.code == "database_lost")
        #expect(!problem.message.contains(path))
        #expect(health.headers[.retryAfter] == nil)
        #expect(problem.message.contains("was \(fault) while the server ran"))
        let save = try await ConditionalRequestTests.put(client, name: "Lost")
        #expect(save.status == .serviceUnavailable)
        #expect(try save.decoded(as: APIErrorBody.self) == problem)
        #expect(
          try await client.execute(uri: "/users/1", method: .get).status == .serviceUnavailable)
        #expect(try await database.profile()?.displayName != "Lost")
      }
    }

    @Test func aPageBeyondAnyCountIsEmptyWhateverTheLimits() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let database = try APIDatabase(path: path)
      try database.seedIfEmpty(.small)
      let page = try await database.users(PageRequest(page: .max, limit: 100))
      #expect(page.items.isEmpty)
      #expect(!page.hasMore)
      #expect(!Page(items: [Int](), page: .max / 2, limit: 100, total: 5).hasMore)
    }

    @Test func filesLeftByAKillDuringAWriteHoldThePreviousData() async throws {
      let path = temporaryDatabasePath()
      let snapshot = temporaryDatabasePath()
      defer {
        removeDatabase(at: path)
        removeDatabase(at: snapshot)
      }
      let database = try APIDatabase(path: path)
      try database.seedIfEmpty(.small)
      let before = try #require(try await database.profile())
      let files = FileManager.default
      try files.createDirectory(
        at: URL(fileURLWithPath: snapshot).deletingLastPathComponent(),
        withIntermediateDirectories: true)

      // Start a large write with a tiny page cache, so SQLite spills uncommitted pages into the
      // WAL file, and copy the files while the transaction is open: what a process killed at
      // that moment leaves on disk. Then roll back.
      let spilledBytes = try await database.pool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        try db.execute(sql: "PRAGMA cache_size = 1")
        try db.execute(sql: "BEGIN IMMEDIATE")
        defer { try? db.execute(sql: "ROLLBACK") }
        try db.execute(sql: "UPDATE user SET displayName = 'Half-written', bio = 'x'")
        try db.execute(sql: "DELETE FROM post")
        try files.copyItem(atPath: path, toPath: snapshot)
        try files.copyItem(atPath: path + "-wal", toPath: snapshot + "-wal")
        let attributes = try files.attributesOfItem(atPath: snapshot + "-wal")
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
      }
      #expect(spilledBytes > 0)

      let recovered = try APIDatabase(path: snapshot)
      #expect(try await recovered.profile() == before)
      #expect(try await recovered.counts().posts == 600)
      #expect(try await database.profile() == before)
    }

    @Test func invalidUpdateThroughTheAPIWritesNothing() async throws {
      try await withRouter { client, database in
        let before = try #require(try await database.profile())
        let body = #"{"displayName": "", "bio": "new bio", "email": "new@example.com"}"#
        let response = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: "application/json"],
          body: ByteBuffer(string: body))
        #expect(response.status == .unprocessableContent)
        #expect(try await database.profile() == before)
      }
    }
  }
}

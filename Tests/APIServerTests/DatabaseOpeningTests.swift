import APIServer
import Foundation
import GRDB
import SharedModels
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ServerSuite {
  @Suite("Opening a database: damaged, locked or opened twice")
  struct DatabaseOpeningTests {
    @Test func aFileThatIsNotADatabaseIsNamedAndLeftAsItIs() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      let garbage = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
      try garbage.write(to: URL(fileURLWithPath: path))
      try await expectStartFails(
        at: path,
        throwing: .unreadableDatabase(path: path, reason: "file is not a database"))
    }

    @Test func aPageDamagedInTheMiddleIsFoundAtStart() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      try writeSeededDatabase(at: path)
      try damageMiddlePage(of: path)
      try await expectStartFails(
        at: path, throwing: .unreadableDatabase(path: path, reason: "the file is damaged"))
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["api.sqlite"])
    }

    @Test func twoOpeningsAtOnceBothWorkAndSeeEachOthersWrites() async throws {
      // Two app processes started together open one file at once: the check of one must not
      // take away the write-ahead log the other has just made, nor fail on its lock.
      for round in 0..<12 {
        let path = temporaryDatabasePath()
        defer { removeDatabase(at: path) }
        try writeSeededDatabase(at: path)
        async let first = onThread { Result { try APIDatabase(path: path) } }
        async let second = onThread { Result { try APIDatabase(path: path) } }
        let (one, two) = try await (first.get(), second.get())
        let name = "round \(round)"
        try await one.pool.write { db in
          try db.execute(
            sql: "UPDATE user SET displayName = ? WHERE id = 1", arguments: [name])
        }
        let read = try await two.pool.read { db in
          try String.fetchOne(db, sql: "SELECT displayName FROM user WHERE id = 1")
        }
        #expect(read == name, "round \(round)")
        let files = try FileManager.default.contentsOfDirectory(
          atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        #expect(Set(files).isSuperset(of: ["api.sqlite-wal", "api.sqlite-shm"]), "round \(round)")
      }
    }

    @Test func aDatabaseLockedByAnotherProcessIsSaidSoAndLeftAsItIs() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      try writeSeededDatabase(at: path)
      // Another connection holds the write lock until released, as another process's
      // migration would.
      let release = try holdWriteLock(of: path)
      let configuration = APIServerConfiguration(
        databasePath: path, dataset: .small, databaseLockTimeout: .milliseconds(200),
        logger: quietLogger)

      await #expect(throws: APIServerError.databaseInUse(path: path)) {
        _ = try await APIServer.start(configuration)
      }
      release()
      let server = try await APIServer.start(configuration)
      let counts = try await server.database.counts()
      try await server.shutdown()
      #expect(counts.users == DatasetConfiguration.small.userCount)
      #expect(
        APIServerError.databaseInUse(path: "/d/api.sqlite").description
          == "Can't open the database /d/api.sqlite: another process is using it and kept it locked. Try again when it is done, or use another database file."
      )
    }

    @Test func aWriteWhileAnotherProcessHoldsTheLockIsA503ToRepeat() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let server = try await APIServer.start(
        APIServerConfiguration(
          databasePath: path, dataset: .small, databaseLockTimeout: .milliseconds(200),
          logger: quietLogger))
      let release = try holdWriteLock(of: path)
      let body = Data(#"{"displayName":"Ada","bio":"","email":"ada@example.com"}"#.utf8)
      let (status, headers, data) = try await Self.put(body, to: server)
      #expect(status == 503)
      #expect(headers["Retry-After"] as? String == "1")
      #expect(try JSONDecoder.api.decode(APIErrorBody.self, from: data).code == "unavailable")
      release()
      let (statusAfter, _, _) = try await Self.put(body, to: server)
      try await server.shutdown()
      #expect(statusAfter == 200)
    }

    /// Makes another connection take the write lock of the database at `path`, as another
    /// process would, and hold it until the function returned is called.
    private func holdWriteLock(of path: String) throws -> @Sendable () -> Void {
      let other = try DatabaseQueue(path: path)
      let (locked, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
      let holder = Thread {
        try? other.inTransaction(.immediate) { _ in
          locked.signal()
          release.wait()
          return .rollback
        }
      }
      holder.start()
      locked.wait()
      return { release.signal() }
    }

    /// `PUT /me` with `body`: the status, header fields and body of the answer.
    private static func put(_ body: Data, to server: APIServer) async throws -> (
      status: Int, headers: [AnyHashable: Any], body: Data
    ) {
      let url = try #require(URL(string: server.baseURL.absoluteString + "/me"))
      var request = URLRequest(url: url, timeoutInterval: 30)
      request.httpMethod = "PUT"
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      let (data, response) = try await URLSession.shared.data(for: request)
      let http = try #require(response as? HTTPURLResponse)
      return (http.statusCode, http.allHeaderFields, data)
    }

    @Test func twoOpeningsOfANewFileAtOnceBothMigrateAndSeedIt() async throws {
      // Two app processes started together on a new data directory: both find the schema
      // missing, and only one may create each table.
      for round in 0..<20 {
        let path = temporaryDatabasePath()
        defer { removeDatabase(at: path) }
        async let first = onThread { Result { try APIDatabase(path: path).seedIfEmpty(.small) } }
        async let second = onThread { Result { try APIDatabase(path: path).seedIfEmpty(.small) } }
        let seeded = try await [first.get(), second.get()]
        #expect(seeded.filter { $0 }.count == 1, "round \(round)")
        let counts = try await APIDatabase(path: path).counts()
        #expect(counts.users == DatasetConfiguration.small.userCount, "round \(round)")
      }
    }

    @Test func aDirectoryOrAPathThroughAFileIsRefusedAndLeftAsItIs() async throws {
      let directory = URL(fileURLWithPath: temporaryDatabasePath()).deletingLastPathComponent()
      defer { try? FileManager.default.removeItem(at: directory) }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent("notes.txt")
      try Data("notes".utf8).write(to: file)
      let cases = [
        (directory.path, "it is a directory"),
        (file.appendingPathComponent("api.sqlite").path, "\(file.path) is not a directory"),
      ]
      for (path, reason) in cases {
        await #expect(throws: APIServerError.unusableDatabase(path: path, reason: reason)) {
          _ = try await APIServer.start(
            APIServerConfiguration(databasePath: path, dataset: .small, logger: quietLogger))
        }
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
      #expect(try Data(contentsOf: file) == Data("notes".utf8))
      #expect(
        APIServerError.unusableDatabase(path: "/d", reason: "it is a directory").description
          == "Can't use /d as the database: it is a directory.")
    }

    @Test(.enabled(if: ReadOnlyFile.canBeMade, "files can be made read-only here"))
    func aReadOnlyDatabaseIsSaidToBeSoAndLeftAsItIs() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      try writeSeededDatabase(at: path)
      try ReadOnlyFile.make(path)
      defer { ReadOnlyFile.undo(path) }
      try await expectStartFails(
        at: path, throwing: .unusableDatabase(path: path, reason: "the file is read-only"))
      // Refused before SQLite opened it: no log files were made (read-only like the file, they
      // would refuse it still once it is made writable).
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      let name = URL(fileURLWithPath: path).lastPathComponent
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: directory)
          .filter { $0.hasPrefix(name) } == [name])
    }

    @Test(.enabled(if: ReadOnlyFile.canBeMade, "files can be made read-only here"))
    func aReadOnlyWriteAheadLogFileIsNamed() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      try writeSeededDatabase(at: path)
      let log = path + "-shm"
      if !FileManager.default.fileExists(atPath: log) {
        _ = FileManager.default.createFile(atPath: log, contents: Data())
      }
      try ReadOnlyFile.make(log)
      defer { ReadOnlyFile.undo(log) }
      try await expectStartFails(
        at: path,
        throwing: .unusableDatabase(
          path: path, reason: "its write-ahead log file \(log) is read-only"))
    }

    @Test func anIntactDatabaseStartsAndKeepsItsData() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      try writeSeededDatabase(at: path)

      let server = try await APIServer.start(
        APIServerConfiguration(databasePath: path, dataset: .small, logger: quietLogger))
      let counts = try await server.database.counts()
      try await server.shutdown()
      #expect(server.datasetGenerationDuration == nil)
      #expect(counts.users == DatasetConfiguration.small.userCount)
    }

    @Test(
      .enabled(
        if: FileManager.default.isExecutableFile(atPath: KillTests.serverBinary),
        "the Server executable is built (not with TEST_TARGETS alone)"))
    func theServerCommandSaysSoInOneLineAndFails() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      try writeSeededDatabase(at: path)
      try damageMiddlePage(of: path)
      let (status, output) = try await runServerCommand([
        "--port", "0", "--db", path, "--log-level", "warning",
      ])
      #expect(status != 0)
      #expect(
        output
          == "Error: \(APIServerError.unreadableDatabase(path: path, reason: "the file is damaged"))\n"
      )
    }

    @Test func theMessageSaysWhatToDo() {
      #expect(
        APIServerError.unreadableDatabase(path: "/d/api.sqlite", reason: "the file is damaged")
          .description
          == "Can't open the database /d/api.sqlite: the file is damaged. Move it aside (or delete it) and a new one is generated on the next start."
      )
    }

    /// Expects a server started on the database at `path` to throw `error`, and to leave the
    /// file byte for byte as it was.
    private func expectStartFails(at path: String, throwing error: APIServerError) async throws {
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      await #expect(throws: error) {
        _ = try await APIServer.start(
          APIServerConfiguration(databasePath: path, dataset: .small, logger: quietLogger))
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// Seeds a database at `path` and folds its write-ahead log into the file.
    private func writeSeededDatabase(at path: String) throws {
      let database = try APIDatabase(path: path)
      try database.seedIfEmpty(.small)
      try database.pool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
      }
    }

    /// Overwrites the page in the middle of the file at `path` with bytes SQLite cannot read.
    private func damageMiddlePage(of path: String) throws {
      let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      let size = try handle.seekToEnd()
      let pageSize: UInt64 = 4_096
      try handle.seek(toOffset: size / 2 / pageSize * pageSize)
      handle.write(Data(repeating: 0xFF, count: Int(pageSize)))
    }
  }
}

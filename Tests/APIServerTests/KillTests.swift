import APIServer
import Foundation
import GRDB
import SharedModels
import Synchronization
import Testing

extension ServerSuite {
  @Suite("A killed server process")
  struct KillTests {
    /// The `Server` executable built next to the test bundle.
    static let serverBinary = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("Server").path

    /// Reads `handle` until `marker` appears or the stream ends; returns what it read.
    static func read(_ handle: FileHandle, until marker: String) -> String {
      var text = ""
      while !text.contains(marker) {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
      }
      return text
    }

    /// Starts the `Server` executable on a free port over the database at `path`, logging to
    /// a file beside it, and returns once it listens.
    static func startServer(databasePath path: String) async throws -> (Process, port: Int) {
      let log = URL(fileURLWithPath: path).deletingLastPathComponent()
        .appendingPathComponent("server-\(UUID().uuidString).log")
      try FileManager.default.createDirectory(
        at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
      guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.serverBinary)
      process.arguments = [
        "--port", "0", "--db", path, "--seed", "7", "--users", "60", "--posts", "600",
        "--log-level", "info",
      ]
      process.standardError = try FileHandle(forWritingTo: log)
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // The server logs its URL once it accepts connections.
      let pattern = /url=http:\/\/127\.0\.0\.1:(\d+)/
      for _ in 0..<600 {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if let match = text.firstMatch(of: pattern), let port = Int(match.1) {
          return (process, port)
        }
        guard process.isRunning else { break }
        try await Task.sleep(for: .milliseconds(50))
      }
      process.terminate()
      throw CancellationError()
    }

    /// What a client that updated the profile over and over saw before the server died.
    struct WriteStream: Sendable {
      /// The last update answered with 200.
      var acknowledged = 0
      /// The last update sent (answered or not).
      var sent = 0
      /// An answer other than 200, or none while the server was alive.
      var unexpected: String?
    }

    /// The profile update number `index` of `round`.
    static func update(round: Int, index: Int) -> ProfileUpdate {
      ProfileUpdate(
        displayName: "Writer \(round) \(index)", bio: "round \(round) write \(index)",
        email: "w\(round).\(index)@example.com")
    }

    @Test(
      .enabled(
        if: FileManager.default.isExecutableFile(atPath: serverBinary),
        "needs the Server executable, which `swift build --build-tests` builds"))
    func everyAcknowledgedWriteSurvivesAKillAndARestart() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      var lastKept: UserProfile?
      for round in 1...3 {
        let (process, port) = try await Self.startServer(databasePath: path)
        // The restarted server serves what the killed one acknowledged.
        if let lastKept {
          let response = await onThread {
            RawConnection.exchange(
              "GET /me HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", port: port)
          }
          let served = try JSONDecoder.api.decode(
            UserProfile.self, from: Data(try #require(response?.body).utf8))
          #expect(served == lastKept)
        }

        // Update the profile over one kept-alive connection, one write after another, and
        // kill the server with SIGKILL at some point in the stream.
        let stream = Mutex(WriteStream())
        let writer = Task {
          await onThread {
            guard let connection = RawConnection(port: port, receiveTimeout: .seconds(10)) else {
              return
            }
            for index in 1... {
              let body =
                (try? JSONEncoder.api.encode(Self.update(round: round, index: index)))
                .map { Array($0) } ?? []
              let sent = connection.send(
                Array(
                  ("PUT /me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.count)\r\n\r\n").utf8) + body)
              stream.withLock { $0.sent = index }
              guard sent, let response = connection.readResponse() else { return }
              guard response.status == 200 else {
                stream.withLock { $0.unexpected = "\(response.status) \(response.body)" }
                return
              }
              stream.withLock { $0.acknowledged = index }
            }
          }
        }
        let killAfter = 40 * round + Int.random(in: 0..<40)
        while stream.withLock({ $0.acknowledged < killAfter && $0.unexpected == nil }) {
          try await Task.sleep(for: .milliseconds(2))
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        await writer.value
        let seen = stream.withLock { $0 }
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(seen.unexpected == nil)
        #expect(seen.acknowledged >= killAfter)

        // The database is whole, and holds the last acknowledged update, or the one that was
        // in flight when the server died, which may or may not have been committed.
        let database = try APIDatabase(path: path)
        // (On the writer connection: `synchronous` is a setting of each connection.)
        let (integrity, foreignKeyFaults, journalMode, synchronous) =
          try await database.pool.writeWithoutTransaction { db in
            (
              try String.fetchAll(db, sql: "PRAGMA integrity_check"),
              try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count,
              try String.fetchOne(db, sql: "PRAGMA journal_mode"),
              try Int.fetchOne(db, sql: "PRAGMA synchronous")
            )
          }
        #expect(integrity == ["ok"])
        #expect(foreignKeyFaults == 0)
        // WAL with synchronous = NORMAL (1): a commit is in the WAL file, in the system's
        // cache, before the answer is sent, which a killed process cannot undo.
        #expect(journalMode == "wal")
        #expect(synchronous == 1)
        // The full-text index matches the rows its triggers copy from (throws if not).
        try await database.pool.write { db in
          try db.execute(sql: "INSERT INTO user_fts(user_fts, rank) VALUES ('integrity-check', 1)")
          try db.execute(sql: "INSERT INTO post_fts(post_fts, rank) VALUES ('integrity-check', 1)")
        }
        let profile = try #require(try await database.profile())
        let candidates = Set([seen.acknowledged, seen.sent]).map {
          Self.update(round: round, index: $0)
        }
        #expect(
          candidates.contains { $0.displayName == profile.displayName && $0.bio == profile.bio },
          "acknowledged \(seen.acknowledged), sent \(seen.sent), kept \(profile.bio)")
        let found = try await database.search(profile.displayName, limit: 5)
        #expect(found.users.first?.item.id == APIDatabase.signedInUserID)
        lastKept = profile
      }
    }

    @Test(
      .enabled(
        if: FileManager.default.isExecutableFile(atPath: serverBinary),
        "needs the Server executable, which `swift build --build-tests` builds"))
    func killedWhileSeedingLeavesAnEmptyOrCompleteDatabase() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let dataset = DatasetConfiguration(seed: 3, userCount: 500, postCount: 30_000)

      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.serverBinary)
      process.arguments = [
        "--port", "0", "--db", path, "--seed", "3", "--users", "500", "--posts", "30000",
      ]
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // The server logs this line inside the seeding transaction, with 30,000 posts still to
      // insert; kill it there, as a crash or a power cut would.
      let log = Self.read(errors.fileHandleForReading, until: "Writing dataset")
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(log.contains("Writing dataset"))
      #expect(process.terminationReason == .uncaughtSignal)

      // Whatever the moment of the kill, the database holds all of the dataset or none of it,
      // and a restart serves a complete one.
      let database = try APIDatabase(path: path)
      let counts = try await database.counts()
      #expect(
        (counts.users == 0 && counts.posts == 0)
          || (counts.users == 500 && counts.posts == 30_000),
        "\(counts)")
      try database.seedIfEmpty(dataset)
      let reseeded = try await database.counts()
      #expect(reseeded.users == 500)
      #expect(reseeded.posts == 30_000)
    }
  }
}

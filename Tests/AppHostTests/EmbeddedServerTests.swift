import APIServer
import AppHost
import Foundation
import GRDB
import SharedModels
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.serialized)
struct EmbeddedServerTests {
  @Test
  func aTemporaryServerAnswersOnLoopbackAndLeavesNothingBehind() async throws {
    // Only directories this server made count: another run of the app may be using one.
    let earlier = try Self.temporaryDirectories()
    let embedded = try await EmbeddedServer.start(
      storage: .temporary, dataset: DatasetConfiguration(seed: 3, userCount: 5, postCount: 10))
    #expect(embedded.server.host == "127.0.0.1")
    #expect(embedded.server.port > 0)

    let (data, _) = try await URLSession.shared.data(
      from: embedded.server.baseURL.appendingPathComponent("health"))
    let health = try JSONDecoder.api.decode(Health.self, from: data)
    #expect(health.users == 5)
    #expect(health.posts == 10)

    #expect(try Self.temporaryDirectories().subtracting(earlier).count == 1)
    await embedded.stop()
    #expect(try Self.temporaryDirectories().subtracting(earlier).isEmpty)
  }

  /// The app's temporary directories (`tcal-…`) in the temporary directory.
  static func temporaryDirectories() throws -> Set<String> {
    Set(
      try FileManager.default
        .contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
        .filter { $0.hasPrefix("tcal-") })
  }

  @Test
  func aDirectoryServerKeepsItsDatabaseBetweenRuns() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("embedded-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataset = DatasetConfiguration(seed: 3, userCount: 4, postCount: 2)

    let first = try await EmbeddedServer.start(storage: .directory(directory), dataset: dataset)
    await first.stop()
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("api.sqlite").path))

    let second = try await EmbeddedServer.start(storage: .directory(directory), dataset: dataset)
    #expect(second.server.datasetGenerationDuration == nil)
    await second.stop()
  }

  // The person running the app has no server to restart: the answer names the app.
  @Test
  func aDatabaseRemovedWhileTheAppRunsIsExplainedInTheAppsTerms() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("embedded-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let embedded = try await EmbeddedServer.start(
      storage: .directory(directory),
      dataset: DatasetConfiguration(seed: 3, userCount: 4, postCount: 4))
    try FileManager.default.removeItem(at: directory.appendingPathComponent("api.sqlite"))
    let (data, response) = try await URLSession.shared.data(
      from: embedded.server.baseURL.appendingPathComponent("health"))
    await embedded.stop()
    #expect((response as? HTTPURLResponse)?.statusCode == 503)
    let problem = try JSONDecoder.api.decode(APIErrorBody.self, from: data)
    #expect(
      problem.message
        == "The database file api.sqlite was removed while tcal ran. Restart tcal; nothing is saved until then."
    )
  }

  @Test
  func aFileGivenAsTheDataDirectoryIsRefusedWithWhatToDo() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("embedded-\(UUID().uuidString)")
    try Data("not a directory".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }

    await #expect(
      throws: EmbeddedServerError.unusableDirectory(path: file.path, reason: "it is a file")
    ) {
      _ = try await EmbeddedServer.start(storage: .directory(file))
    }
    #expect(
      EmbeddedServerError.unusableDirectory(path: "/d", reason: "it is a file").description
        == "Can't use /d as the data directory: it is a file. Choose another with --data-dir DIR, or run with --in-memory."
    )
  }

  @Test
  func aDamagedDatabaseIsNamedAndLeftAsItIs() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("embedded-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("api.sqlite")
    let garbage = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: database)

    await #expect(
      throws: EmbeddedServerError.unreadableDatabase(
        path: database.path, reason: "file is not a database")
    ) {
      _ = try await EmbeddedServer.start(storage: .directory(directory))
    }
    #expect(try Data(contentsOf: database) == garbage)
  }

  @Test
  func aDatabaseAnotherProcessKeepsLockedIsSaidSoAndLeftAsItIs() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("embedded-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let dataset = DatasetConfiguration(seed: 3, userCount: 4, postCount: 2)
    // Another app has just made the database and holds its write lock while it sets it up.
    let database = directory.appendingPathComponent("api.sqlite")
    let other = try DatabaseQueue(path: database.path)
    let (locked, release, closed) = (
      DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
    )
    Thread {
      try? other.inTransaction(.immediate) { _ in
        locked.signal()
        release.wait()
        return .rollback
      }
      try? other.close()
      closed.signal()
    }.start()
    locked.wait()

    await #expect(throws: EmbeddedServerError.databaseInUse(path: database.path)) {
      _ = try await EmbeddedServer.start(
        storage: .directory(directory), dataset: dataset, databaseLockTimeout: .milliseconds(200))
    }
    release.signal()
    closed.wait()
    let again = try await EmbeddedServer.start(storage: .directory(directory), dataset: dataset)
    let users = try await again.server.database.counts().users
    await again.stop()
    #expect(users == dataset.userCount)
    #expect(
      EmbeddedServerError.databaseInUse(path: "/d/api.sqlite").description
        == "Can't open the database /d/api.sqlite: another process (another tcal, or a server) is using it and kept it locked. Try again when it is done, or choose another directory with --data-dir DIR, or run with --in-memory."
    )
  }

  @Test
  func aDirectoryWhereTheDatabaseGoesIsNamedAndLeftAsItIs() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("embedded-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = directory.appendingPathComponent("api.sqlite")
    try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)

    await #expect(
      throws: EmbeddedServerError.unusableDatabase(path: database.path, reason: "it is a directory")
    ) {
      _ = try await EmbeddedServer.start(storage: .directory(directory))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: database.path).isEmpty)
    #expect(
      EmbeddedServerError.unusableDatabase(path: "/d/api.sqlite", reason: "it is a directory")
        .description
        == "Can't use /d/api.sqlite as the database: it is a directory. Choose another directory with --data-dir DIR, or run with --in-memory."
    )
  }
}

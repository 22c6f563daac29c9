import APIServer
import Foundation
import Logging

/// The API server the app starts in its own process when no `--api-url` is given: on
/// 127.0.0.1 at a free port, over a database in the app's data directory (created and seeded
/// on first run) or, for `--in-memory`, in a temporary directory removed when it stops.
public struct EmbeddedServer: Sendable {
  /// The running server; its ``APIServer/baseURL`` is what the clients call.
  public let server: APIServer
  /// The temporary directory to remove on stop, for an in-memory run.
  let temporaryDirectory: URL?

  /// Where the database lives.
  public enum Storage: Equatable, Sendable {
    /// `api.sqlite` in this directory, kept between runs.
    case directory(URL)
    /// A throwaway database, gone when the server stops.
    case temporary
  }

  /// Starts the server and returns once it accepts connections.
  ///
  /// The server logs nothing to the terminal (the app draws there); failures surface as the
  /// errors this throws and as the clients' errors. Another process opening the same database
  /// at the same time (a second app on the same data directory) is waited on for up to
  /// `databaseLockTimeout`.
  public static func start(
    storage: Storage,
    dataset: DatasetConfiguration = .standard,
    databaseLockTimeout: Duration = .seconds(5)
  ) async throws -> EmbeddedServer {
    let directory: URL
    let temporaryDirectory: URL?
    switch storage {
    case let .directory(url):
      directory = url
      temporaryDirectory = nil
    case .temporary:
      directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("tcal-\(UUID().uuidString)")
      temporaryDirectory = directory
    }
    let logger = Logger(label: "tcal.embedded-server") { _ in SwiftLogNoOpLogHandler() }
    let databasePath = directory.appendingPathComponent("api.sqlite").path
    if temporaryDirectory == nil { try EmbeddedServer.prepare(directory) }
    let hadDatabase = FileManager.default.fileExists(atPath: databasePath)
    do {
      let server = try await APIServer.start(
        APIServerConfiguration(
          host: "127.0.0.1",
          port: 0,
          databasePath: databasePath,
          dataset: dataset,
          databaseLockTimeout: databaseLockTimeout,
          logger: logger,
          processName: "tcal"
        )
      )
      return EmbeddedServer(server: server, temporaryDirectory: temporaryDirectory)
    } catch {
      if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
      switch error as? APIServerError {
      case let .databaseInUse(path):
        throw EmbeddedServerError.databaseInUse(path: path)
      case let .unusableDatabase(path, reason):
        throw EmbeddedServerError.unusableDatabase(path: path, reason: reason)
      default:
        break
      }
      // A database that was there and does not open is the person's to deal with: say which.
      if hadDatabase, !(error is CancellationError) {
        throw EmbeddedServerError.unreadableDatabase(
          path: databasePath, reason: APIServerError.reason(opening: error))
      }
      throw error
    }
  }

  /// Makes sure `directory` can hold the database, creating it when missing; call it before
  /// telling the person a database is being generated there.
  ///
  /// - Throws: ``EmbeddedServerError`` saying what is wrong with the directory.
  public static func prepare(_ directory: URL) throws(EmbeddedServerError) {
    try EmbeddedServerError.prepare(directory)
  }

  /// Stops the server and removes a temporary database.
  public func stop() async {
    try? await server.shutdown()
    if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
  }
}

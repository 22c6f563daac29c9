import APIServer
import AppHost
import Foundation

/// The API server the app talks to: one given by `--api-url`, or the embedded one.
struct Backend {
  let baseURL: URL
  private let embedded: EmbeddedServer?

  /// Uses `apiURL` when given, else starts the embedded server over `storage`, telling the
  /// person (on standard error) when the first run's database is being generated. With
  /// `quietsInput` (the app goes full-screen next), what is typed meanwhile is neither echoed nor
  /// kept (``QuietInput``).
  static func start(
    apiURL: URL?, storage: EmbeddedServer.Storage, quietsInput: Bool = false
  ) async throws -> Backend {
    if let apiURL { return Backend(baseURL: apiURL, embedded: nil) }
    if case let .directory(directory) = storage {
      try EmbeddedServer.prepare(directory)
    }
    if case let .directory(directory) = storage,
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("api.sqlite").path)
    {
      FileHandle.standardError.write(
        Data("tcal: generating the database in \(directory.path) (first run only)…\n".utf8))
    }
    let quiet = quietsInput ? QuietInput() : nil
    defer { quiet?.restore() }
    let embedded = try await EmbeddedServer.start(storage: storage)
    return Backend(baseURL: embedded.server.baseURL, embedded: embedded)
  }

  /// Stops the embedded server, if there is one.
  func stop() async {
    await embedded?.stop()
  }
}

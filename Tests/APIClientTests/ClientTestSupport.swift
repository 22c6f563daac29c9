import APIClient
import APIClientLive
import APIServer
import Dependencies
import Foundation
import Hummingbird
import Logging
import SharedModels
import Testing

/// Every test of the client, run one at a time: each starts a server, and running them all at
/// once would starve the other targets' timing-sensitive tests.
@Suite(.serialized) enum ClientSuite {}

/// A logger that stays quiet unless something goes wrong.
let quietLogger: Logger = {
  var logger = Logger(label: "api-client-tests")
  logger.logLevel = .critical
  return logger
}()

/// Routes only these tests add to the server: a failure, a failure the server explains, garbage,
/// a refusal without a JSON body, and a slow answer that reports when it starts.
func testRoutes(slowStarted: AsyncStream<Void>.Continuation)
  -> @Sendable (
    Router<APIRequestContext>
  ) -> Void
{
  { router in
    struct Unexpected: Error {}
    router.get("test/fail") { _, _ -> String in throw Unexpected() }
    router.get("test/lost") { _, _ -> String in
      throw APIFailure.databaseFileLost("The database file api.sqlite was removed.")
    }
    router.get("test/garbage") { _, _ in
      var headers = HTTPFields()
      headers[.contentType] = "application/json"
      return Response(
        status: .ok, headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(string: "{not json")))
    }
    router.get("test/teapot") { _, _ in
      Response(status: .init(code: 418), body: ResponseBody(byteBuffer: ByteBuffer(string: "tea")))
    }
    router.get("test/slow") { _, _ -> String in
      slowStarted.yield()
      try await Task.sleep(for: .seconds(6))
      return "late"
    }
  }
}

/// A server on a free loopback port with the test routes, and the client pointed at it.
struct ClientFixture: Sendable {
  let server: APIServer
  let client: APIClient
  /// Yields each time the slow route starts handling a request.
  let slowStarted: AsyncStream<Void>

  /// Runs `operation` with the `apiConfiguration` dependency pointing at the server.
  func call<T>(
    timeout: Duration = .seconds(30), _ operation: () async throws -> T
  ) async rethrows -> T {
    try await withDependencies {
      $0.apiConfiguration = APIConfiguration(baseURL: server.baseURL, timeout: timeout)
    } operation: {
      try await operation()
    }
  }
}

/// A fresh database path in its own temporary directory.
func temporaryDatabasePath() -> String {
  FileManager.default.temporaryDirectory
    .appendingPathComponent("api-client-tests-\(UUID().uuidString)")
    .appendingPathComponent("api.sqlite").path
}

/// Removes the directory holding the database at `path`.
func removeDatabase(at path: String) {
  try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
}

/// The URL of a server that has stopped: a loopback port nobody listens on any more.
func stoppedServerURL() async throws -> URL {
  let (_, continuation) = AsyncStream.makeStream(of: Void.self)
  let path = temporaryDatabasePath()
  defer { removeDatabase(at: path) }
  let server = try await APIServer.start(
    APIServerConfiguration(
      databasePath: path, dataset: DatasetConfiguration(seed: 1, userCount: 1, postCount: 0),
      logger: quietLogger, additionalRoutes: testRoutes(slowStarted: continuation)))
  try await server.shutdown()
  return server.baseURL
}

/// Runs `body` against a fresh server, stopping it afterwards.
func withFixture(_ body: @Sendable (ClientFixture) async throws -> Void) async throws {
  let path = temporaryDatabasePath()
  defer { removeDatabase(at: path) }
  let (slowStarted, continuation) = AsyncStream.makeStream(of: Void.self)
  let server = try await APIServer.start(
    APIServerConfiguration(
      databasePath: path,
      dataset: DatasetConfiguration(seed: 11, userCount: 40, postCount: 300),
      logger: quietLogger,
      additionalRoutes: testRoutes(slowStarted: continuation)))
  let fixture = ClientFixture(server: server, client: .liveValue, slowStarted: slowStarted)
  do {
    try await body(fixture)
  } catch {
    try await server.shutdown()
    throw error
  }
  try await server.shutdown()
}

/// The ``APIError`` `operation` throws, or `nil` when it succeeds. The transport must map every
/// failure to an ``APIError``; anything else thrown is a failure of the test.
func apiError(
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  _ operation: () async throws -> Void
) async -> APIError? {
  do {
    try await operation()
    return nil
  } catch {
    #expect(
      error is APIError, "The transport threw \(error), not an APIError",
      sourceLocation: sourceLocation)
    return error as? APIError
  }
}

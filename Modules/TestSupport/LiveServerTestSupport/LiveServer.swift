import APIClient
import APIClientLive
import APIServer
import Dependencies
import Foundation
import Logging

/// An API server on a free loopback port over a fresh, seeded database in its own temporary
/// directory, for tests of live clients; ``withLiveAPI(users:posts:seed:_:)`` also points the
/// live API client at it.
///
/// ```swift
/// try await withLiveServer(users: 40, posts: 300) { server in
///   let url = server.baseURL.appendingPathComponent("health")
///   let (data, _) = try await URLSession.shared.data(from: url)
///   …
/// }
/// ```
///
/// - Parameters:
///   - users: How many users the dataset holds.
///   - posts: How many posts the dataset holds.
///   - seed: The dataset's seed: the same seed gives the same rows.
///   - body: Runs while the server is up; the server stops and its files are removed after it,
///     whether it returns or throws.
public func withLiveServer<T: Sendable>(
  users: Int = 40,
  posts: Int = 300,
  seed: UInt64 = 11,
  _ body: @Sendable (APIServer) async throws -> T
) async throws -> T {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("live-server-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: directory) }
  var logger = Logger(label: "live-server-tests")
  logger.logLevel = .critical
  let server = try await APIServer.start(
    APIServerConfiguration(
      databasePath: directory.appendingPathComponent("api.sqlite").path,
      dataset: DatasetConfiguration(seed: seed, userCount: users, postCount: posts),
      logger: logger
    )
  )
  let result: T
  do {
    result = try await body(server)
  } catch {
    try? await server.shutdown()
    throw error
  }
  try await server.shutdown()
  return result
}

/// Runs `body` against a fresh API server (see ``withLiveServer(users:posts:seed:_:)``) with the
/// live API client pointed at it: the `apiConfiguration` dependency names the server and
/// `apiClient` is its `liveValue`, so a feature's live client talks to the server for real.
///
/// ```swift
/// try await withLiveAPI(users: 10, posts: 45) { _ in
///   let page = try await HomeClient.liveValue.feed(page: 1, limit: 20)
///   #expect(page.total == 45)
/// }
/// ```
public func withLiveAPI<T: Sendable>(
  users: Int = 40,
  posts: Int = 300,
  seed: UInt64 = 11,
  _ body: @Sendable (APIServer) async throws -> T
) async throws -> T {
  try await withLiveServer(users: users, posts: posts, seed: seed) { server in
    try await withDependencies {
      $0.apiConfiguration = APIConfiguration(baseURL: server.baseURL)
      $0.apiClient = .liveValue
    } operation: {
      try await body(server)
    }
  }
}

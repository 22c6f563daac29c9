import Foundation
import GRDB
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// A running API server: start it with ``start(_:)``, read its ``port`` or ``baseURL``, and
/// stop it with ``shutdown()``.
///
/// ```swift
/// let server = try await APIServer.start(APIServerConfiguration(databasePath: path))
/// print(server.baseURL)            // http://127.0.0.1:53124
/// try await server.shutdown()
/// ```
public final class APIServer: Sendable {
  /// The address the server listens on.
  public let host: String
  /// The port the server listens on (the one the system picked when configured with 0).
  public let port: Int
  /// The server's database.
  public let database: APIDatabase
  /// How long generating the dataset took, or `nil` when the database already had one.
  public let datasetGenerationDuration: Duration?

  private let serviceGroup: ServiceGroup
  private let task: Task<Void, any Error>

  /// `http://host:port` (`http://[::1]:port` for an IPv6 address), the base URL clients call.
  public var baseURL: URL {
    Self.baseURL(host: host, port: port)
  }

  /// The base URL of a server listening on `host` and `port`.
  static func baseURL(host: String, port: Int) -> URL {
    let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    // The host was accepted by bind, so the URL is well formed; the fallback is never used.
    return URL(string: "http://\(authority)") ?? URL(fileURLWithPath: "/")
  }

  private init(
    host: String, port: Int, database: APIDatabase, datasetGenerationDuration: Duration?,
    serviceGroup: ServiceGroup, task: Task<Void, any Error>
  ) {
    self.host = host
    self.port = port
    self.database = database
    self.datasetGenerationDuration = datasetGenerationDuration
    self.serviceGroup = serviceGroup
    self.task = task
  }

  /// Opens (and on first start seeds) the database, binds, and returns once the server
  /// accepts connections.
  ///
  /// A port another socket listens on, or a host that is not this machine's, is found before
  /// the database is opened or seeded.
  ///
  /// - Throws: ``APIServerError/portInUse(_:)`` when the port is taken,
  ///   ``APIServerError/unusableAddress(host:reason:)`` when the host cannot be listened on,
  ///   ``APIServerError/unreadableDatabase(path:reason:)`` when a database file is there but is
  ///   damaged or not a database (the file is left as it is), another error when a new database
  ///   cannot be created or the address cannot be bound.
  public static func start(_ configuration: APIServerConfiguration) async throws -> APIServer {
    let logger = configuration.logger
    if let problem = ListenAddress.problem(host: configuration.host, port: configuration.port) {
      throw problem
    }
    let (database, generationDuration) = try openAndSeed(configuration)
    let router = makeRouter(database: database, configuration: configuration)

    let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
    let application = Application(
      router: router,
      server: httpServer(configuration),
      configuration: ApplicationConfiguration(
        address: .hostname(configuration.host, port: configuration.port),
        serverName: "APIServer"),
      onServerRunning: { channel in
        portContinuation.yield(channel.localAddress?.port ?? configuration.port)
      },
      logger: logger
    )
    let serviceGroup = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [application],
        gracefulShutdownSignals: configuration.stopsOnInterrupt ? [.sigint, .sigterm] : [],
        logger: logger))
    let task = Task {
      defer { portContinuation.finish() }
      try await serviceGroup.run()
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
      // The group ended before the server ran: surface its error (the port can have been
      // taken since it was checked).
      do {
        try await task.value
      } catch let error as IOError where error.errnoCode == EADDRINUSE {
        throw APIServerError.portInUse(configuration.port)
      }
      throw APIServerError.stoppedBeforeRunning
    }
    logger.info(
      "API server listening",
      metadata: ["url": "\(baseURL(host: configuration.host, port: port).absoluteString)"])
    return APIServer(
      host: configuration.host, port: port, database: database,
      datasetGenerationDuration: generationDuration, serviceGroup: serviceGroup, task: task)
  }

  /// The router with the API's routes and any ``APIServerConfiguration/additionalRoutes``,
  /// for running the routes without a server (Hummingbird's router tests).
  public static func makeRouter(
    database: APIDatabase, configuration: APIServerConfiguration
  ) -> Router<APIRequestContext> {
    let router = Router(context: APIRequestContext.self, options: .autoGenerateHeadEndpoints)
    let routes = RouteTable()
    APIRoutes.register(
      on: router, database: database, limits: configuration.limits, routes: routes,
      processName: configuration.processName)
    configuration.additionalRoutes?(router)
    routes.record(router)
    return router
  }

  /// The most header fields a request may have.
  private static let maxHeaderFields = 100

  /// The HTTP/1.1 server (``APIHTTP1Channel``) with the idle timeout and the header limits.
  private static func httpServer(_ configuration: APIServerConfiguration) -> HTTPServerBuilder {
    let channelConfiguration = HTTP1Channel.Configuration(
      idleTimeout: TimeAmount(configuration.idleTimeout),
      httpDecoderConfiguration: HTTP1Channel.Configuration.DecoderConfiguration(
        maxHeaderFieldSize: configuration.maxHeaderBytes,
        maxHeaderListSize: configuration.maxHeaderBytes,
        maxHeaderFieldCount: maxHeaderFields))
    return HTTPServerBuilder { responder in
      APIHTTP1Channel(
        base: HTTP1Channel(responder: responder, configuration: channelConfiguration),
        maxHeadBytes: configuration.maxHeaderBytes, maxHeaderFields: maxHeaderFields)
    }
  }

  /// Opens (and so checks) the configured database, and seeds a new one.
  ///
  /// - Throws: ``APIServerError/unreadableDatabase(path:reason:)`` when the file was there and
  ///   cannot be used; ``APIServerError/unusableDatabase(path:reason:)`` when the database
  ///   cannot go there; ``APIServerError/databaseInUse(path:)`` when another process kept it
  ///   locked past ``APIServerConfiguration/databaseLockTimeout``.
  private static func openAndSeed(
    _ configuration: APIServerConfiguration
  ) throws -> (APIDatabase, Duration?) {
    let path = configuration.databasePath
    if let reason = DatabasePath.problem(path) {
      throw APIServerError.unusableDatabase(path: path, reason: reason)
    }
    let existed = FileManager.default.fileExists(atPath: path)
    do {
      let database = try APIDatabase(path: path, lockTimeout: configuration.databaseLockTimeout)
      return (database, try seed(database, configuration.dataset, logger: configuration.logger))
    } catch let error as DatabaseError
      where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    {
      // Nothing is wrong with the file: another process holds it.
      throw APIServerError.databaseInUse(path: path)
    } catch let error as DatabaseError
      where [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM].contains(error.resultCode)
    {
      // Nor here: the file or its directory cannot be written.
      throw APIServerError.unusableDatabase(path: path, reason: DatabasePath.unwritableReason(path))
    } catch let error as APIServerError {
      throw error
    } catch {
      guard existed else { throw error }
      throw APIServerError.unreadableDatabase(
        path: path, reason: APIServerError.reason(opening: error))
    }
  }

  /// Generates the dataset into an empty database, returning how long it took.
  private static func seed(
    _ database: APIDatabase, _ dataset: DatasetConfiguration, logger: Logger
  ) throws -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    guard try database.seedIfEmpty(dataset, logger: logger) else { return nil }
    let duration = clock.now - start
    logger.info(
      "Generated dataset",
      metadata: [
        "seed": "\(dataset.seed)", "users": "\(dataset.userCount)",
        "posts": "\(dataset.postCount)", "duration": "\(duration)",
      ])
    return duration
  }

  /// Stops accepting connections, lets requests in flight finish, and returns once the server
  /// has stopped.
  public func shutdown() async throws {
    await serviceGroup.triggerGracefulShutdown()
    try await task.value
  }

  /// Waits until the server stops (after ``shutdown()``, or when it fails).
  public func waitUntilStopped() async throws {
    try await task.value
  }
}

/// Why an ``APIServer`` could not start.
public enum APIServerError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
  /// The server stopped before it accepted connections.
  case stoppedBeforeRunning
  /// Another socket listens on the port.
  case portInUse(Int)
  /// The host cannot be listened on: it does not resolve, is not this machine's, or the port
  /// needs privileges.
  case unusableAddress(host: String, reason: String)
  /// The database file is there but cannot be used: it is damaged, or not a database.
  case unreadableDatabase(path: String, reason: String)
  /// The database cannot go where it was asked to: the path is a directory, a part of it is a
  /// file, or the file or its directory is read-only. Nothing is wrong with what is there.
  case unusableDatabase(path: String, reason: String)
  /// Another process (a second server or app on the same file) kept the database locked past
  /// ``APIServerConfiguration/databaseLockTimeout``; nothing is wrong with the file.
  case databaseInUse(path: String)

  /// A sentence for people, such as "Port 8080 is already in use.".
  public var description: String {
    switch self {
    case .stoppedBeforeRunning: "The server stopped before it accepted connections."
    case let .portInUse(port): "Port \(port) is already in use."
    case let .unusableAddress(host, reason): "Can't listen on \(host): \(reason)."
    case let .unreadableDatabase(path, reason):
      """
      Can't open the database \(path): \(reason). Move it aside (or delete it) and a new one \
      is generated on the next start.
      """
    case let .unusableDatabase(path, reason):
      "Can't use \(path) as the database: \(reason)."
    case let .databaseInUse(path):
      """
      Can't open the database \(path): another process is using it and kept it locked. Try \
      again when it is done, or use another database file.
      """
    }
  }

  /// The first clause of an error opening a database: SQLite's message without its code or
  /// the statement it ran (`file is not a database`).
  public static func reason(opening error: any Error) -> String {
    if let error = error as? APIServerError, case let .unreadableDatabase(_, reason) = error {
      return reason
    }
    var text = String(describing: error)
    if let statement = text.range(of: " - while executing") {
      text = String(text[..<statement.lowerBound])
    }
    if let code = text.range(of: "SQLite error "),
      let colon = text[code.upperBound...].firstIndex(of: ":")
    {
      text = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    }
    return text
  }

  /// ``description``, for Foundation's error reporting.
  public var errorDescription: String? { description }
}

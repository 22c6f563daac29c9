import Hummingbird
import Logging

/// How to run an ``APIServer``.
public struct APIServerConfiguration: Sendable {
  /// The address to listen on; `127.0.0.1` keeps the server private to the machine.
  public var host: String
  /// The port to listen on; 0 picks a free one (read it from ``APIServer/port``).
  public var port: Int
  /// The SQLite database file; created, with its directory, when missing.
  public var databasePath: String
  /// What to generate into the database when it has no users.
  public var dataset: DatasetConfiguration
  /// Paging and search limits, and how long a request body may take to arrive.
  public var limits: APILimits
  /// How long a connection may go without receiving a part of a request (a whole head, a body
  /// chunk) or sending an answer before it is closed: a client that sends its headers slowly
  /// or leaves a connection idle holds it for at most this long (30 s).
  public var idleTimeout: Duration
  /// The largest request head the server reads, in bytes of header fields (16 KiB, of at most
  /// 100 fields); a larger one is refused with 400 and its connection closed.
  public var maxHeaderBytes: Int
  /// How long opening the database waits on another process's lock (a second server or app
  /// opening, migrating or seeding the same file) before giving up with
  /// ``APIServerError/databaseInUse(path:)`` (5 s).
  public var databaseLockTimeout: Duration
  /// Where the server logs (requests at `info`).
  public var logger: Logger
  /// Adds routes after the API's own, with the same middleware (tests add failing or slow
  /// routes here; production leaves it `nil`).
  public var additionalRoutes: (@Sendable (Router<APIRequestContext>) -> Void)?
  /// Whether SIGINT and SIGTERM stop the server gracefully (for the `Server` executable; an
  /// app that embeds the server leaves signals to itself).
  public var stopsOnInterrupt: Bool
  /// What answers call the process serving them when they ask a person to restart it ("the
  /// server"; an app that embeds the server names itself, since that is what its user
  /// restarts).
  public var processName: String

  /// Creates a configuration.
  public init(
    host: String = "127.0.0.1",
    port: Int = 0,
    databasePath: String,
    dataset: DatasetConfiguration = .standard,
    limits: APILimits = APILimits(),
    idleTimeout: Duration = .seconds(30),
    maxHeaderBytes: Int = 16 * 1024,
    databaseLockTimeout: Duration = .seconds(5),
    logger: Logger = Logger(label: "api-server"),
    additionalRoutes: (@Sendable (Router<APIRequestContext>) -> Void)? = nil,
    stopsOnInterrupt: Bool = false,
    processName: String = "the server"
  ) {
    self.host = host
    self.port = port
    self.databasePath = databasePath
    self.dataset = dataset
    self.limits = limits
    self.idleTimeout = idleTimeout
    self.maxHeaderBytes = maxHeaderBytes
    self.databaseLockTimeout = databaseLockTimeout
    self.logger = logger
    self.additionalRoutes = additionalRoutes
    self.stopsOnInterrupt = stopsOnInterrupt
    self.processName = processName
  }
}

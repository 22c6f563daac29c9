import APIServer
import ArgumentParser
import Logging

/// `swift run Server`: runs the API server until interrupted.
@main
struct ServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Server",
    abstract: "Runs the API server over a SQLite database, seeding it on first start.")

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(parsing: .unconditional, help: "The port to listen on (0 picks a free one).")
  var port = 8080

  @Option(help: "The SQLite database file (created when missing).")
  var db = "server-data/api.sqlite"

  @Option(
    parsing: .unconditional, help: "The seed of the dataset generated into an empty database.")
  var seed: UInt64 = DatasetConfiguration.standard.seed

  @Option(parsing: .unconditional, help: "How many users an empty database is seeded with.")
  var users = DatasetConfiguration.standard.userCount

  @Option(parsing: .unconditional, help: "How many posts an empty database is seeded with.")
  var posts = DatasetConfiguration.standard.postCount

  @Option(
    parsing: .unconditional,
    help: "Seconds a connection may stay idle or send an unfinished head before it is closed.")
  var idleTimeout = 30

  @Option(
    parsing: .unconditional,
    help: "Seconds a request body may take to arrive before it is refused with 408.")
  var bodyTimeout = 10

  @Option(help: "trace, debug, info, notice, warning, error or critical.")
  var logLevel = "info"

  func validate() throws {
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be from 0 to 65535.")
    }
    guard (1...3_600).contains(idleTimeout), (1...3_600).contains(bodyTimeout) else {
      throw ValidationError("--idle-timeout and --body-timeout must be from 1 to 3600 seconds.")
    }
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError(
        "--log-level must be one of: trace, debug, info, notice, warning, error, critical.")
    }
    // Seeding takes longer the larger the dataset (rows are written as they are generated; only
    // the users' handles are kept in memory); keep it to what a demo needs.
    guard (1...1_000_000).contains(users), (0...10_000_000).contains(posts) else {
      throw ValidationError(
        "--users must be from 1 to 1,000,000 and --posts from 0 to 10,000,000.")
    }
  }

  /// Runs the server until SIGINT or SIGTERM, then stops it gracefully.
  func run() async throws {
    var logger = Logger(label: "api-server")
    logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
    var limits = APILimits()
    limits.bodyTimeout = .seconds(bodyTimeout)
    let server = try await APIServer.start(
      APIServerConfiguration(
        host: host,
        port: port,
        databasePath: db,
        dataset: DatasetConfiguration(seed: seed, userCount: users, postCount: posts),
        limits: limits,
        idleTimeout: .seconds(idleTimeout),
        logger: logger,
        stopsOnInterrupt: true))
    try await server.waitUntilStopped()
  }
}

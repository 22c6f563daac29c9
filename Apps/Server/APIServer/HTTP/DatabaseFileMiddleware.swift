import Hummingbird

/// Answers 503 to every request once the database file the server opened is no longer at its
/// path (removed, or replaced by another file): the server's connections still use the file
/// they opened, so a save would be acknowledged and then lost with it, and `/health` would say
/// all is well. ``APIFailure/databaseFileLost(_:)`` says what happened; a restart opens the file
/// at the path.
public struct DatabaseFileMiddleware: RouterMiddleware {
  /// The database whose file is watched.
  let database: APIDatabase
  /// What the answer calls the process to restart (``APIServerConfiguration/processName``).
  let processName: String

  /// Creates the middleware for `database`, served by the process answers call `processName`.
  public init(database: APIDatabase, processName: String = "the server") {
    self.database = database
    self.processName = processName
  }

  /// Refuses the request when the database's file is gone from its path; runs the rest of the
  /// chain otherwise.
  public func handle(
    _ request: Request, context: APIRequestContext,
    next: (Request, APIRequestContext) async throws -> Response
  ) async throws -> Response {
    if let problem = database.fileProblem(processName: processName) {
      throw APIFailure.databaseFileLost(problem, restarting: processName)
    }
    return try await next(request, context)
  }
}

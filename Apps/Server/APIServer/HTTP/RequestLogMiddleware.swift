import Hummingbird
import Logging

/// Logs one line per request: method, path, status and duration in milliseconds.
public struct RequestLogMiddleware: RouterMiddleware {
  /// The level the lines are logged at.
  public var level: Logger.Level

  /// Creates the middleware.
  public init(level: Logger.Level = .info) {
    self.level = level
  }

  /// Runs the rest of the chain, timing it.
  public func handle(
    _ request: Request, context: APIRequestContext,
    next: (Request, APIRequestContext) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    var status = "error"
    defer {
      let duration = ContinuousClock.now - start
      let milliseconds = duration / .milliseconds(1)
      context.logger.log(
        level: level, "request",
        metadata: [
          "method": "\(request.method.rawValue)",
          "path": "\(request.uri.path)",
          "status": "\(status)",
          "duration_ms": "\((milliseconds * 100).rounded() / 100)",
        ])
    }
    let response = try await next(request, context)
    status = String(response.status.code)
    return response
  }
}

import GRDB
import Hummingbird
import Logging
import SharedModels

/// Turns every error a route throws into a JSON ``APIErrorBody`` response with a fitting
/// status, so clients never see an empty or HTML error.
///
/// ``APIFailure`` keeps its status and body; Hummingbird's errors (`HTTPError`, a body over the
/// size limit) keep their status; a database another writer kept locked past the lock timeout
/// is a 503 that may be repeated (``APIFailure/databaseBusy``); anything else is logged and
/// answered with 500.
public struct ErrorMiddleware: RouterMiddleware {
  /// Creates the middleware.
  public init() {}

  /// Runs the rest of the chain and converts what it throws.
  public func handle(
    _ request: Request, context: APIRequestContext,
    next: (Request, APIRequestContext) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let failure as APIFailure {
      return try Self.response(to: failure, request: request, context: context)
    } catch let error as any HTTPResponseError {
      return try Self.response(to: Self.failure(for: error), request: request, context: context)
    } catch let error as DatabaseError
      where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode)
    {
      context.logger.warning(
        "Database busy", metadata: ["error": "\(String(reflecting: error))"])
      return try Self.response(to: .databaseBusy, request: request, context: context)
    } catch {
      context.logger.error(
        "Request failed", metadata: ["error": "\(String(reflecting: error))"])
      return try Self.response(to: .internalError, request: request, context: context)
    }
  }

  /// The JSON answer to `failure`, with its header fields.
  private static func response(
    to failure: APIFailure, request: Request, context: APIRequestContext
  ) throws -> Response {
    var response = try JSONResponse(failure.body, status: failure.status)
      .response(from: request, context: context)
    response.headers.append(contentsOf: failure.headers)
    return response
  }

  /// The failure that describes one of Hummingbird's errors.
  static func failure(for error: any HTTPResponseError) -> APIFailure {
    let message = (error as? HTTPError)?.body
    switch error.status {
    case .notFound:
      return .notFound(message ?? "No such route.")
    case .contentTooLarge:
      return .payloadTooLarge
    case .unsupportedMediaType:
      return .unsupportedMediaType
    case let status where status.code >= 500:
      return APIFailure(
        status: status,
        body: APIErrorBody(
          code: APIErrorBody.Code.internalError, message: message ?? status.reasonPhrase))
    case let status:
      return APIFailure(
        status: status,
        body: APIErrorBody(
          code: APIErrorBody.Code.badRequest, message: message ?? status.reasonPhrase))
    }
  }
}

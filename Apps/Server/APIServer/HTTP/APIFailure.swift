import Hummingbird
import SharedModels

/// An error a route throws to answer with a status and a JSON ``APIErrorBody``.
public struct APIFailure: Error, Sendable {
  /// The response status.
  public var status: HTTPResponse.Status
  /// The response body.
  public var body: APIErrorBody
  /// Header fields the response carries besides its content type and length (`Allow` on a 405).
  public var headers: HTTPFields

  /// Creates a failure.
  public init(status: HTTPResponse.Status, body: APIErrorBody, headers: HTTPFields = [:]) {
    self.status = status
    self.body = body
    self.headers = headers
  }

  /// The same failure, its answer marked `Connection: close`: the connection is closed once the
  /// answer is written (``KeepAliveHandler``), as when the rest of a body cannot be read.
  public var closingConnection: APIFailure {
    var failure = self
    failure.headers[.connection] = "close"
    return failure
  }

  /// Whether the answer closes the connection.
  public var closesConnection: Bool { headers[.connection] == "close" }

  /// 400: a parameter or the body could not be understood.
  public static func badRequest(_ message: String, field: String? = nil) -> APIFailure {
    APIFailure(
      status: .badRequest,
      body: APIErrorBody(code: APIErrorBody.Code.badRequest, message: message, field: field))
  }

  /// 400: the body's end cannot be found (its last transfer coding is not `chunked`); the
  /// connection is closed after the answer, the body not read.
  public static var unknownBodyLength: APIFailure {
    APIFailure(
      status: .badRequest,
      body: APIErrorBody(
        code: APIErrorBody.Code.badRequest,
        message:
          "A request body's last transfer coding must be chunked, or it must have a "
          + "Content-Length."),
      headers: [.connection: "close"])
  }

  /// 404: no such resource.
  public static func notFound(_ message: String) -> APIFailure {
    APIFailure(
      status: .notFound, body: APIErrorBody(code: APIErrorBody.Code.notFound, message: message))
  }

  /// 405: the path is served with the methods in `served`, not with `method`; the response's
  /// `Allow` header lists them (and OPTIONS).
  public static func methodNotAllowed(
    _ method: HTTPRequest.Method, served: Set<HTTPRequest.Method>
  ) -> APIFailure {
    let list = RouteTable.allowHeader(served)
    return APIFailure(
      status: .methodNotAllowed,
      body: APIErrorBody(
        code: APIErrorBody.Code.methodNotAllowed,
        message: "This path does not answer \(method.rawValue); it answers \(list)."),
      headers: [.allow: list])
  }

  /// 408: the body did not arrive within `timeout`.
  public static func requestTimeout(_ timeout: Duration) -> APIFailure {
    APIFailure(
      status: .requestTimeout,
      body: APIErrorBody(
        code: APIErrorBody.Code.requestTimeout,
        message: "The request body did not arrive within \(timeout)."))
  }

  /// 412: the profile is no longer the version the request's precondition asks for; `tag` is
  /// the version it is now (the response's `ETag`).
  public static func preconditionFailed(currentTag tag: String) -> APIFailure {
    APIFailure(
      status: .preconditionFailed,
      body: APIErrorBody(
        code: APIErrorBody.Code.preconditionFailed,
        message:
          "The profile is not the version this request's If-Match names (or is one its "
          + "If-None-Match excludes), so nothing was changed. Read it again for its current "
          + "ETag."),
      headers: [.eTag: tag])
  }

  /// 413: the body is too large.
  public static var payloadTooLarge: APIFailure {
    APIFailure(
      status: .contentTooLarge,
      body: APIErrorBody(
        code: APIErrorBody.Code.payloadTooLarge,
        message: "The request body is larger than \(APIRequestContext.maxBodySize) bytes."))
  }

  /// 415: the body is not JSON.
  public static var unsupportedMediaType: APIFailure {
    APIFailure(
      status: .unsupportedMediaType,
      body: APIErrorBody(
        code: APIErrorBody.Code.unsupportedMediaType,
        message:
          "The request body must be JSON in UTF-8 (Content-Type: application/json, with no charset or charset=utf-8)."
      ))
  }

  /// 415: the body is sent with a content coding the server does not decode (anything but
  /// `identity`); the response's `Accept-Encoding` says what it takes.
  public static func unsupportedContentCoding(_ coding: String) -> APIFailure {
    APIFailure(
      status: .unsupportedMediaType,
      body: APIErrorBody(
        code: APIErrorBody.Code.unsupportedMediaType,
        message:
          "The request body must not be encoded (Content-Encoding: \(coding)); send it as is."
      ),
      headers: [.acceptEncoding: "identity"])
  }

  /// 417: the request expects `expectation`, which the server does not meet (it meets only
  /// `100-continue`).
  public static func expectationFailed(_ expectation: String) -> APIFailure {
    APIFailure(
      status: .expectationFailed,
      body: APIErrorBody(
        code: APIErrorBody.Code.expectationFailed,
        message: "The server meets only the expectation 100-continue, not \"\(expectation)\"."))
  }

  /// 422: a field of a well-formed body is invalid.
  public static func validation(_ message: String, field: String) -> APIFailure {
    APIFailure(
      status: .unprocessableContent,
      body: APIErrorBody(
        code: APIErrorBody.Code.validationFailed, message: message, field: field))
  }

  /// 501: the body is sent with transfer codings (`codings`) the server does not decode; only
  /// `chunked` is read. The connection is closed after the answer.
  public static func unsupportedTransferCoding(_ codings: String) -> APIFailure {
    APIFailure(
      status: .notImplemented,
      body: APIErrorBody(
        code: APIErrorBody.Code.notImplemented,
        message:
          "The server reads request bodies sent as is or chunked, not with "
          + "Transfer-Encoding: \(codings)."),
      headers: [.connection: "close"])
  }

  /// 503: the database stayed locked by another writer past the server's lock timeout; the
  /// request changed nothing and may be repeated (`Retry-After: 1`).
  public static var databaseBusy: APIFailure {
    APIFailure(
      status: .serviceUnavailable,
      body: APIErrorBody(
        code: APIErrorBody.Code.unavailable,
        message: "The database is busy with another writer. Try again in a moment."),
      headers: [.retryAfter: "1"])
  }

  /// 503 `database_lost`: the database file the server opened is no longer at its path
  /// (`problem` says how); nothing is read from or written to it, since no one would see a
  /// write again. Repeating the request does not help (no `Retry-After`): only a restart of
  /// `processName` (the server, or the app embedding it), which opens the file at the path,
  /// ends it.
  public static func databaseFileLost(
    _ problem: String, restarting processName: String = "the server"
  ) -> APIFailure {
    APIFailure(
      status: .serviceUnavailable,
      body: APIErrorBody(
        code: APIErrorBody.Code.databaseLost,
        message: problem + " Restart \(processName); nothing is saved until then."))
  }

  /// 500: the server failed; the message says nothing about why.
  public static var internalError: APIFailure {
    APIFailure(
      status: .internalServerError,
      body: APIErrorBody(
        code: APIErrorBody.Code.internalError, message: "The server failed to answer."))
  }
}

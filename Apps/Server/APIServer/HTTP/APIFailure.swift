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

  /// 400: a parameter or the body could not be understood.
  public static func badRequest(_ message: String, field: String? = nil) -> APIFailure {
    APIFailure(
      status: .badRequest,
      body: APIErrorBody(code: APIErrorBody.Code.badRequest, message: message, field: field))
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
        message: "The request body must be JSON (Content-Type: application/json)."))
  }

  /// 422: a field of a well-formed body is invalid.
  public static func validation(_ message: String, field: String) -> APIFailure {
    APIFailure(
      status: .unprocessableContent,
      body: APIErrorBody(
        code: APIErrorBody.Code.validationFailed, message: message, field: field))
  }

  /// 500: the server failed; the message says nothing about why.
  public static var internalError: APIFailure {
    APIFailure(
      status: .internalServerError,
      body: APIErrorBody(
        code: APIErrorBody.Code.internalError, message: "The server failed to answer."))
  }
}

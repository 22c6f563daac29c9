/// The JSON body of every error response: `{"code": "...", "message": "...", "field": ...}`.
public struct APIErrorBody: Codable, Hashable, Sendable, Error {
  /// A stable, machine-readable code, such as ``Code/notFound``.
  public var code: String
  /// A sentence a person can read.
  public var message: String
  /// The request field at fault (a query parameter or a body field), when there is one.
  public var field: String?

  /// Creates an error body.
  public init(code: String, message: String, field: String? = nil) {
    self.code = code
    self.message = message
    self.field = field
  }

  /// The codes the server uses.
  public enum Code {
    /// 400: a parameter or the body could not be understood.
    public static let badRequest = "bad_request"
    /// 404: no such route or resource.
    public static let notFound = "not_found"
    /// 405: the path is served, but not with the request's method (the `Allow` header lists
    /// the methods it is served with).
    public static let methodNotAllowed = "method_not_allowed"
    /// 408: the body did not arrive in time.
    public static let requestTimeout = "request_timeout"
    /// 412: the resource is no longer the version the request's `If-Match` names (or is one its
    /// `If-None-Match` excludes); nothing was changed.
    public static let preconditionFailed = "precondition_failed"
    /// 413: the body is larger than the server accepts.
    public static let payloadTooLarge = "payload_too_large"
    /// 415: the body is not JSON, or is sent with a content coding (such as gzip).
    public static let unsupportedMediaType = "unsupported_media_type"
    /// 417: the request's `Expect` asks for something other than `100-continue`.
    public static let expectationFailed = "expectation_failed"
    /// 422: the body was understood but a field is invalid.
    public static let validationFailed = "validation_failed"
    /// 500: the server failed.
    public static let internalError = "internal_error"
    /// 501: the body is sent with a transfer coding other than chunked.
    public static let notImplemented = "not_implemented"
    /// 503: the database is busy with another writer; the request may be repeated
    /// (`Retry-After`).
    public static let unavailable = "unavailable"
    /// 503: the database file was removed or replaced while the server ran; every request is
    /// refused until the server restarts.
    public static let databaseLost = "database_lost"
  }
}

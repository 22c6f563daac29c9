import Foundation
import Hummingbird
import NIOCore
import SharedModels

/// A response whose body is a value encoded with ``JSONEncoder/api``.
public struct JSONResponse<Value: Encodable & Sendable>: ResponseGenerator {
  /// The response status.
  public var status: HTTPResponse.Status
  /// The encoded value.
  public var value: Value
  /// Header fields the response carries besides its content type and length (`ETag`).
  public var headers: HTTPFields

  /// Creates a response with `value` as its body.
  public init(_ value: Value, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) {
    self.value = value
    self.status = status
    self.headers = headers
  }

  /// Encodes the value; a value that cannot be encoded throws, which becomes a 500.
  public func response(from request: Request, context: some RequestContext) throws -> Response {
    let data = try JSONEncoder.api.encode(value)
    var headers = self.headers
    headers[.contentType] = "application/json; charset=utf-8"
    headers[.contentLength] = String(data.count)
    return Response(
      status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}

import Foundation
import Hummingbird

/// Refuses, before any route reads it, a request whose body the server cannot read or whose
/// expectation it does not meet:
///
/// - a body whose last transfer coding is not `chunked` (`Transfer-Encoding: gzip`): its end
///   cannot be found (RFC 9112, section 6.3), so 400, the body is not read and the connection
///   is closed;
/// - a body sent with another transfer coding before `chunked` (`gzip, chunked`), which the
///   server does not decode: 501 (section 6.1), the connection closed once the body is drained;
/// - an `Expect` other than `100-continue`: 417 (RFC 9110, section 10.1.1).
///
/// ``UnreadBodyMiddleware`` reads the same rules (``hasUnknownLength(_:)``,
/// ``expectsContinue(_:)``) to decide what to do with a body nothing read.
public struct RequestFramingMiddleware: RouterMiddleware {
  /// Creates the middleware.
  public init() {}

  /// Refuses the request as above, or runs the rest of the chain.
  public func handle(
    _ request: Request, context: APIRequestContext,
    next: (Request, APIRequestContext) async throws -> Response
  ) async throws -> Response {
    if let codings = Self.transferCodings(of: request) {
      guard codings.last == "chunked" else { throw APIFailure.unknownBodyLength }
      guard codings.count == 1 else {
        throw APIFailure.unsupportedTransferCoding(codings.joined(separator: ", "))
      }
    }
    if let expectation = request.headers[.expect], !Self.expectsContinue(request) {
      throw APIFailure.expectationFailed(expectation)
    }
    return try await next(request, context)
  }

  /// The transfer codings of the request's body, lowercased, in the order they were applied
  /// (their parameters dropped); `nil` without a `Transfer-Encoding`.
  static func transferCodings(of request: Request) -> [String]? {
    let fields = request.headers[values: .transferEncoding]
    guard !fields.isEmpty else { return nil }
    return fields.flatMap { $0.split(separator: ",") }.compactMap { element in
      let coding = element.split(separator: ";", maxSplits: 1).first ?? ""
      let name = coding.trimmingCharacters(in: .whitespaces).lowercased()
      return name.isEmpty ? nil : name
    }
  }

  /// Whether the request has a body whose end cannot be found: a `Transfer-Encoding` whose last
  /// coding is not `chunked`.
  static func hasUnknownLength(_ request: Request) -> Bool {
    guard let codings = transferCodings(of: request) else { return false }
    return codings.last != "chunked"
  }

  /// Whether the request expects `100 Continue` before it sends its body (`Expect:
  /// 100-continue`, in any case).
  static func expectsContinue(_ request: Request) -> Bool {
    request.headers[.expect]?.trimmingCharacters(in: .whitespaces).lowercased() == "100-continue"
  }
}

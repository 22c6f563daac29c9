import Hummingbird
import NIOCore
import NIOHTTP1

/// Answers 400 to a request without exactly one valid `Host` header field, as RFC 9112
/// (section 3.2) requires: an HTTP/1.1 request that has none, any request that has more than
/// one, and one whose value is not a host with an optional port (RFC 3986's `host [":" port]`:
/// `Host: a b`, `Host: a:notaport`, `Host: [zz`). An HTTP/1.0 request may leave it out, and the
/// value may be empty.
///
/// Hummingbird's conversion to Swift HTTP Types drops the request's HTTP version and reads the
/// first `Host` as the request's authority, so ``HostHeaderHandler`` settles each request's
/// `Host` first, in the form this middleware reads: a request left without an authority is one
/// to refuse.
public struct HostHeaderMiddleware: RouterMiddleware {
  /// Creates the middleware.
  public init() {}

  /// Refuses a request without an authority (``APIFailure/badRequest(_:field:)``); runs the
  /// rest of the chain for any other.
  public func handle(
    _ request: Request, context: APIRequestContext,
    next: (Request, APIRequestContext) async throws -> Response
  ) async throws -> Response {
    guard let authority = request.head.authority else {
      throw APIFailure.badRequest(
        "A request needs exactly one Host header field (only HTTP/1.0 may leave it out).")
    }
    guard Self.isValidHost(authority) else {
      throw APIFailure.badRequest(
        "The Host header field must be a host name or address, with an optional port.")
    }
    return try await next(request, context)
  }

  /// Whether `value` is RFC 3986's `host [":" port]`, or empty: a registered name or IPv4
  /// address (unreserved characters, sub-delimiters and percent-escapes), or an IP literal in
  /// brackets; then, optionally, a colon and digits.
  static func isValidHost(_ value: String) -> Bool {
    var rest = Substring(value)
    if rest.first == "[" {
      guard let close = rest.firstIndex(of: "]") else { return false }
      let literal = rest[rest.index(after: rest.startIndex)..<close]
      guard !literal.isEmpty, literal.unicodeScalars.allSatisfy(isLiteralCharacter) else {
        return false
      }
      rest = rest[rest.index(after: close)...]
    } else {
      let name = rest.prefix { $0 != ":" }
      guard isRegisteredName(name) else { return false }
      rest = rest[name.endIndex...]
    }
    guard let colon = rest.first else { return true }
    return colon == ":" && rest.dropFirst().allSatisfy { $0.isASCII && $0.isWholeNumber }
  }

  /// Whether `name` is made of unreserved characters, sub-delimiters and whole percent-escapes.
  private static func isRegisteredName(_ name: Substring) -> Bool {
    var scalars = name.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "%" {
        guard let high = scalars.next(), let low = scalars.next(),
          high.properties.isASCIIHexDigit, low.properties.isASCIIHexDigit
        else { return false }
      } else if !isUnreservedOrSubDelimiter(scalar) {
        return false
      }
    }
    return true
  }

  /// Whether `scalar` may stand in an IP literal: an IPv6 address or `v` IPvFuture.
  private static func isLiteralCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar == ":" || isUnreservedOrSubDelimiter(scalar)
  }

  /// RFC 3986's `unreserved` and `sub-delims`.
  private static func isUnreservedOrSubDelimiter(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.isASCII else { return false }
    return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
      || "-._~!$&'()*+,;=".unicodeScalars.contains(scalar)
  }
}

/// Settles each request's `Host` header fields before Hummingbird reads them, for
/// ``HostHeaderMiddleware``: an HTTP/1.0 request without one gets an empty one (an empty
/// authority, which RFC 9112 gives a target without one), and a request with more than one loses
/// them all. An HTTP/1.1 request without one is left as it is: it, and one that had more than
/// one, reach the routes without an authority.
final class HostHeaderHandler: RequestHeadRewriting, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func rewrite(_ head: inout HTTPRequestHead) {
    switch head.headers["host"].count {
    case 0 where head.version == .http1_0:
      head.headers.add(name: "host", value: "")
    case 0, 1:
      break
    default:
      head.headers.remove(name: "host")
    }
  }
}

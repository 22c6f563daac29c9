import Hummingbird
import NIOCore
import NIOHTTP1

/// Answers 400 to a request without exactly one `Host` header field, as RFC 9112 (section 3.2)
/// requires: an HTTP/1.1 request that has none, or any request that has more than one. An
/// HTTP/1.0 request may leave it out.
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
    guard request.head.authority != nil else {
      throw APIFailure.badRequest(
        "A request needs exactly one Host header field (only HTTP/1.0 may leave it out).")
    }
    return try await next(request, context)
  }
}

/// Settles each request's `Host` header fields before Hummingbird reads them, for
/// ``HostHeaderMiddleware``: an HTTP/1.0 request without one gets an empty one (an empty
/// authority, which RFC 9112 gives a target without one), and a request with more than one loses
/// them all. An HTTP/1.1 request without one is left as it is: it, and one that had more than
/// one, reach the routes without an authority.
final class HostHeaderHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    switch head.headers["host"].count {
    case 0 where head.version == .http1_0:
      head.headers.add(name: "host", value: "")
    case 0, 1:
      break
    default:
      head.headers.remove(name: "host")
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }
}

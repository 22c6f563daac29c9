import NIOCore
import NIOHTTP1

/// Drops `Expect` from HTTP/1.0 requests before Hummingbird reads them, for
/// ``UnreadBodyMiddleware``, which answers `100 Continue` to a request that expects it.
///
/// RFC 9110 (section 10.1.1) has a server ignore a 100-continue expectation in an HTTP/1.0
/// request, and forbids sending a 1xx answer to an HTTP/1.0 client; Hummingbird's conversion to
/// Swift HTTP Types drops the request's version, so this is settled before it.
final class ExpectHeaderHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data), head.version == .http1_0,
      head.headers.contains(name: "expect")
    else {
      context.fireChannelRead(data)
      return
    }
    head.headers.remove(name: "expect")
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }
}

import NIOCore
import NIOHTTP1

/// A channel handler that changes each request's head before Hummingbird reads it
/// (``rewrite(_:)``) and passes everything else on as it is.
protocol RequestHeadRewriting: ChannelInboundHandler
where InboundIn == HTTPServerRequestPart, InboundOut == HTTPServerRequestPart {
  /// Changes `head` before it goes on.
  func rewrite(_ head: inout HTTPRequestHead)
}

extension RequestHeadRewriting {
  /// Passes a request's head on rewritten, and its body and end as they are.
  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    rewrite(&head)
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }
}

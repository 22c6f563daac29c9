import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 child channel (`HTTP1Channel`, as configured), with
/// ``KeepAliveHandler`` and ``HostHeaderHandler`` put in front of its conversion to Swift HTTP
/// Types.
///
/// The conversion drops the request's HTTP version, and Hummingbird keeps a connection open
/// unless the request says exactly `Connection: close`; so an HTTP/1.0 request without
/// `Connection: keep-alive`, which expects the connection closed after its answer, would hold it
/// until the idle timeout; and an HTTP/1.1 request without `Host` could not be told from an
/// HTTP/1.0 one, which may leave it out. Everything else is Hummingbird's channel, set up by it.
struct APIHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  /// The channel that serves the requests.
  let base: HTTP1Channel

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    // The future completes on the channel's event loop, before any request is read.
    base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let conversion = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
      try pipeline.addHandler(KeepAliveHandler(), position: .before(conversion))
      try pipeline.addHandler(HostHeaderHandler(), position: .before(conversion))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}

/// Makes a request that does not keep its connection alive say so in the form Hummingbird
/// reads, and its answer say so too.
///
/// A request keeps its connection unless it is HTTP/1.0 without `Connection: keep-alive`, or
/// its `Connection` header has the `close` token in any case (`Close`, `keep-alive, close`);
/// NIO's `HTTPRequestHead.isKeepAlive` tells. Such a request's `Connection` becomes exactly
/// `close`, which Hummingbird closes the connection after (it compares the whole value), and
/// its answer gets `Connection: close`.
final class KeepAliveHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// Whether each request read and not yet answered closes its connection, oldest first
  /// (pipelined requests are read before the earlier ones are answered).
  private var closes: CircularBuffer<Bool> = []

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    let keepAlive = head.isKeepAlive
    closes.append(!keepAlive)
    if !keepAlive {
      head.headers.replaceOrAdd(name: "connection", value: "close")
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    // An answer's head (not an interim 1xx) answers the oldest request waiting.
    guard case .head(var head) = unwrapOutboundIn(data), head.status.code >= 200,
      let closes = closes.popFirst()
    else {
      context.write(data, promise: promise)
      return
    }
    if closes {
      head.headers.replaceOrAdd(name: "connection", value: "close")
    }
    context.write(wrapOutboundOut(.head(head)), promise: promise)
  }
}

import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 child channel (`HTTP1Channel`, as configured), with
/// ``KeepAliveHandler``, ``HostHeaderHandler``, ``RequestTargetHandler``,
/// ``ExpectHeaderHandler`` and ``ParseErrorHandler`` put in front of its conversion to Swift
/// HTTP Types.
///
/// The conversion drops the request's HTTP version, and Hummingbird keeps a connection open
/// unless the request says exactly `Connection: close`; so an HTTP/1.0 request without
/// `Connection: keep-alive`, which expects the connection closed after its answer, would hold it
/// until the idle timeout; an HTTP/1.1 request without `Host` could not be told from an
/// HTTP/1.0 one, which may leave it out; and an HTTP/1.0 request's `Expect`, to be ignored,
/// could not be told from an HTTP/1.1 one's. Everything else is Hummingbird's channel, set up by
/// it.
struct APIHTTP1Channel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  /// The channel that serves the requests.
  let base: HTTP1Channel
  /// The most bytes of request target and header fields its decoder reads.
  let maxHeadBytes: Int
  /// The most header fields its decoder reads.
  let maxHeaderFields: Int

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    // The future completes on the channel's event loop, before any request is read.
    base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let conversion = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
      try pipeline.addHandler(KeepAliveHandler(), position: .before(conversion))
      try pipeline.addHandler(HostHeaderHandler(), position: .before(conversion))
      try pipeline.addHandler(RequestTargetHandler(), position: .before(conversion))
      try pipeline.addHandler(ExpectHeaderHandler(), position: .before(conversion))
      try pipeline.addHandler(
        ParseErrorHandler(maxHeadBytes: maxHeadBytes, maxHeaderFields: maxHeaderFields),
        position: .before(conversion))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}

/// Makes a request that does not keep its connection alive say so in the form Hummingbird
/// reads, and its answer say so too; and closes the connection after an answer that says
/// `Connection: close`, whoever decided it.
///
/// A request keeps its connection unless it is HTTP/1.0 without `Connection: keep-alive` or
/// with a `Transfer-Encoding`, or its `Connection` header has the `close` token in any case
/// (`Close`, `keep-alive, close`); NIO's `HTTPRequestHead.isKeepAlive` tells. A `CONNECT` request does not keep it either: what
/// follows its head is not read as requests, and the answer, which NIO sends without a body or
/// a length, ends where the connection does. Such a request's `Connection` becomes exactly
/// `close`, which Hummingbird closes the connection after (it compares the whole value), and its
/// answer gets `Connection: close`.
///
/// An answer a route or middleware marked `Connection: close` (a body that cannot be read, a
/// body the client was told not to send) closes the connection as soon as it is written, as RFC
/// 9112 (section 9.6) requires, and nothing read after it is served.
///
/// Once the server is shutting down (NIO's `ChannelShouldQuiesceEvent`), every request already
/// read is still answered, and the last of those answers says `Connection: close`, since
/// Hummingbird closes the connection after it: a client then sends what it pipelined after
/// that request again on a new connection. Requests read after that point are dropped, not
/// served, so that none runs without its answer reaching the client.
final class KeepAliveHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// Each request read and not yet answered, oldest first (pipelined requests are read before
  /// the earlier ones are answered): whether it closes its connection, and whether it is a
  /// `CONNECT`, whose answer NIO sends without its body.
  private var waiting: CircularBuffer<(closes: Bool, isConnect: Bool)> = []
  /// Whether an answer saying `Connection: close` is being written: the connection closes once
  /// its end is out, and requests read meanwhile are dropped.
  private var isClosing = false
  /// Whether the server is shutting down: the requests waiting are answered, the last answer
  /// closes the connection, and requests read from then on are dropped.
  private var isQuiescing = false
  /// Whether what is read is dropped: a request came after the server began to stop.
  private var dropsRequests = false

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent { isQuiescing = true }
    context.fireUserInboundEventTriggered(event)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !isClosing, !dropsRequests else { return }
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    if isQuiescing {
      // A request read while the server stops: the answers to the ones before it end the
      // connection, so it and everything after it are dropped.
      dropsRequests = true
      return
    }
    // An HTTP/1.0 request with a transfer coding is framed faultily: the connection closes
    // after it (RFC 9112, section 6.1), so that nothing read after its body is served.
    let isFaultilyFramed =
      head.version.major == 1 && head.version.minor == 0
      && head.headers.contains(name: "Transfer-Encoding")
    let keepAlive = head.isKeepAlive && head.method != .CONNECT && !isFaultilyFramed
    waiting.append((closes: !keepAlive, isConnect: head.method == .CONNECT))
    if !keepAlive {
      head.headers.replaceOrAdd(name: "Connection", value: "close")
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    // An answer's head (not an interim 1xx) answers the oldest request waiting.
    case .head(var head) where head.status.code >= 200:
      let request = waiting.popFirst()
      if request?.closes == true || (isQuiescing && waiting.isEmpty) {
        head.headers.replaceOrAdd(name: "Connection", value: "close")
      }
      if request?.isConnect == true {
        // The body is not sent: the answer does not claim one.
        head.headers.remove(name: "content-type")
      }
      if head.headers[canonicalForm: "connection"].contains(where: { $0.lowercased() == "close" }) {
        isClosing = true
      }
      context.write(wrapOutboundOut(.head(head)), promise: promise)
    case .end where isClosing:
      let written = context.eventLoop.makePromise(of: Void.self)
      let channel = context.channel
      written.futureResult.whenComplete { _ in channel.close(promise: nil) }
      if let promise { written.futureResult.cascade(to: promise) }
      context.write(data, promise: written)
    default:
      context.write(data, promise: promise)
    }
  }
}

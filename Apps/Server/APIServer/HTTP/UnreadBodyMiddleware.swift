import Hummingbird
import NIOCore
import NIOHTTPTypes
import Synchronization

/// What becomes of a request's body: `100 Continue` when a route starts reading a body the
/// client holds back until told to send it, and, for a body nothing read, a drain or the end of
/// the connection.
///
/// - **`Expect: 100-continue`** (``RequestFramingMiddleware/expectsContinue(_:)``): the client
///   waits for an interim `100 Continue` before it sends the body. It is sent when a route
///   starts reading the body, so an answer the head decides (415, 405, 404, a declared length
///   over the limit) goes out at once, without the body, and closes the connection: the body was
///   never asked for (RFC 9110, section 10.1.1).
/// - **A body whose end cannot be found** (``RequestFramingMiddleware/hasUnknownLength(_:)``) is
///   not read: its answer closes the connection.
/// - **Any other body nothing read** (an unknown route, a `GET` sent with a body, a parameter
///   refused before the body was looked at) is drained within ``BodyDrain``'s bounds. Without
///   that, such a body is either never read, when the request says `Connection: close`, so a
///   client that sends its whole body before reading the answer blocks in `send` until its own
///   timeout; or read to its end however long it is, on a kept-alive connection. The rest of the
///   body is read and discarded for at most ``BodyDrain/maximumDuration`` and
///   ``BodyDrain/maximumBytes`` before the answer goes out, and a body still arriving after that
///   gets the answer and then its connection closed: the way ``BodyDrain`` treats a refused
///   upload.
///
/// An answer marked `Connection: close` here is closed after by ``KeepAliveHandler``.
public struct UnreadBodyMiddleware: RouterMiddleware {
  /// Creates the middleware.
  public init() {}

  /// Runs the rest of the chain, then settles the request's body if nothing read it.
  public func handle(
    _ request: Request, context: APIRequestContext,
    next: (Request, APIRequestContext) async throws -> Response
  ) async throws -> Response {
    guard Self.hasBody(request) else { return try await next(request, context) }
    let expectsContinue = RequestFramingMiddleware.expectsContinue(request)
    let reads = BodyReads()
    var tracked = request
    tracked.body = RequestBody(
      asyncSequence: TrackedBody(
        base: request.body, reads: reads, continueChannel: expectsContinue ? context.channel : nil
      ))
    var response: Response
    do {
      response = try await next(tracked, context)
    } catch {
      if !reads.started { _ = await Self.settle(request, expectsContinue) }
      throw error
    }
    if !reads.started {
      if await !Self.settle(request, expectsContinue) {
        response.headers[.connection] = "close"
      }
    }
    return response
  }

  /// Drains the unread body of `request` within bounds, unless the client holds it back or its
  /// end cannot be found; returns whether the connection may serve another request.
  private static func settle(_ request: Request, _ expectsContinue: Bool) async -> Bool {
    if expectsContinue || RequestFramingMiddleware.hasUnknownLength(request) { return false }
    return await BodyDrain.discard(request.body)
  }

  /// Whether the request's head announces a body: a non-zero `Content-Length`, or any
  /// `Transfer-Encoding` (chunked).
  static func hasBody(_ request: Request) -> Bool {
    if request.headers[.transferEncoding] != nil { return true }
    guard let length = request.headers[.contentLength] else { return false }
    return length != "0"
  }
}

/// Whether a request body's bytes were asked for.
private final class BodyReads: Sendable {
  private let state = Mutex(false)

  /// Whether an iterator over the body was made.
  var started: Bool { state.withLock { $0 } }

  /// Records that an iterator over the body was made; returns whether it is the first.
  func start() -> Bool {
    state.withLock { started in
      defer { started = true }
      return !started
    }
  }
}

/// A request body that records, in `reads`, when something starts reading it, and then tells
/// a client waiting on `continueChannel` to send it.
private struct TrackedBody: AsyncSequence, Sendable {
  typealias Element = ByteBuffer

  let base: RequestBody
  let reads: BodyReads
  /// The connection to answer `100 Continue` on, for a request that expects it.
  let continueChannel: (any Channel)?

  func makeAsyncIterator() -> RequestBody.AsyncIterator {
    if reads.start(), let channel = continueChannel {
      let interim = HTTPResponsePart.head(HTTPResponse(status: .continue))
      channel.writeAndFlush(interim, promise: nil)
    }
    return base.makeAsyncIterator()
  }
}

import Hummingbird
import NIOCore
import Synchronization

/// Drains, within ``BodyDrain``'s bounds, the body of a request that was answered without
/// reading it: an unknown route (404), a `GET` sent with a body, a parameter refused (400)
/// before the body was looked at.
///
/// Without it such a body is either never read, when the request says `Connection: close`, so
/// a client that sends its whole body before reading the answer blocks in `send` until its own
/// timeout; or read to its end however long it is, on a kept-alive connection. With it the
/// rest of the body is read and discarded for at most ``BodyDrain/maximumDuration`` and
/// ``BodyDrain/maximumBytes`` before the answer goes out, and a body still arriving after that
/// gets the answer and then its connection closed: the way ``BodyDrain`` treats a refused upload.
public struct UnreadBodyMiddleware: RouterMiddleware {
  /// Creates the middleware.
  public init() {}

  /// Runs the rest of the chain, then drains the request's body if nothing read it.
  public func handle(
    _ request: Request, context: APIRequestContext,
    next: (Request, APIRequestContext) async throws -> Response
  ) async throws -> Response {
    guard Self.hasBody(request) else { return try await next(request, context) }
    let reads = BodyReads()
    var tracked = request
    tracked.body = RequestBody(asyncSequence: TrackedBody(base: request.body, reads: reads))
    let response: Response
    do {
      response = try await next(tracked, context)
    } catch {
      if !reads.started { await BodyDrain.discard(request.body, context: context) }
      throw error
    }
    if !reads.started { await BodyDrain.discard(request.body, context: context) }
    return response
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

  /// Records that an iterator over the body was made.
  func start() { state.withLock { $0 = true } }
}

/// A request body that records, in `reads`, when something starts reading it.
private struct TrackedBody: AsyncSequence, Sendable {
  typealias Element = ByteBuffer

  let base: RequestBody
  let reads: BodyReads

  func makeAsyncIterator() -> RequestBody.AsyncIterator {
    reads.start()
    return base.makeAsyncIterator()
  }
}

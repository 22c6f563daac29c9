import Hummingbird
import NIOCore

/// The request context of every API route.
public struct APIRequestContext: RequestContext {
  /// The largest request body the server reads, in bytes (16 KiB); larger bodies get 413.
  public static let maxBodySize = 16 * 1024

  /// Hummingbird's per-request storage.
  public var coreContext: CoreRequestContextStorage
  /// The connection the request came on, to answer `100 Continue` on when a route starts
  /// reading a body the client holds back until then (see ``UnreadBodyMiddleware``).
  public let channel: any Channel

  /// Creates the context of one request.
  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }

  /// The largest request body the server reads: ``maxBodySize``.
  public var maxUploadSize: Int { Self.maxBodySize }
}

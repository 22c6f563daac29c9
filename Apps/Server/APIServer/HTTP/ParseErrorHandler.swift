import Foundation
import NIOCore
import NIOHTTP1
import SharedModels

/// Answers a request whose head cannot be parsed as the routes answer their errors: a JSON
/// ``APIErrorBody`` with a `Date`, then the connection closed. An unknown method (`FOO`, or `get`:
/// methods are case-sensitive) is `501 not_implemented`, as RFC 9110 (section 9.1) has it; a
/// head over the server's limits is `400 bad_request` saying what the limits are (the decoder
/// reports a long request target and long header fields alike, so neither 414 nor 431 would be
/// right for both); any other malformed head is `400 bad_request`.
///
/// Only a parse error between requests is answered here, once every request read before it
/// has been answered: an error in bytes pipelined after a request still being served waits for
/// that request's answer to end, so answers keep the order of the requests. An error inside a
/// request (in its body's chunks) goes on to Hummingbird as before, which answers an empty 400
/// and closes, since the route reading that body may already be answering it.
final class ParseErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// Whether a request's head was read and its end not yet.
  private var isReadingRequest = false
  /// How many requests were read whose answers have not ended yet.
  private var unanswered = 0
  /// The parse error waiting for the answers to the requests before it.
  private var pendingError: HTTPParserError?
  /// Whether the parse error was taken: it is answered, or will be, and the connection closes.
  private var hasTakenError = false
  /// The most bytes of request target and header fields the decoder reads.
  private let maxHeadBytes: Int
  /// The most header fields the decoder reads.
  private let maxHeaderFields: Int

  /// A handler answering for a decoder that reads at most `maxHeadBytes` of request line and
  /// header fields, and at most `maxHeaderFields` fields.
  init(maxHeadBytes: Int, maxHeaderFields: Int) {
    self.maxHeadBytes = maxHeadBytes
    self.maxHeaderFields = maxHeaderFields
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      isReadingRequest = true
      unanswered += 1
    case .end: isReadingRequest = false
    case .body: break
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .end = unwrapOutboundIn(data) else {
      context.write(data, promise: promise)
      return
    }
    context.write(data, promise: promise)
    unanswered = max(unanswered - 1, 0)
    if unanswered == 0, let error = pendingError {
      pendingError = nil
      answer(error, context: context)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let parseError = error as? HTTPParserError, !isReadingRequest else {
      context.fireErrorCaught(error)
      return
    }
    guard !hasTakenError else { return }
    hasTakenError = true
    if unanswered > 0 {
      pendingError = parseError
    } else {
      answer(parseError, context: context)
    }
  }

  /// Writes the answer to `error`, then closes the connection.
  private func answer(_ error: HTTPParserError, context: ChannelHandlerContext) {
    let (status, body) = Self.answer(
      to: error, maxHeadBytes: maxHeadBytes, maxHeaderFields: maxHeaderFields)
    let bytes = (try? JSONEncoder.api.encode(body)) ?? Data()
    let headers = HTTPHeaders([
      ("Content-Type", "application/json; charset=utf-8"),
      ("Content-Length", String(bytes.count)),
      ("Date", Self.httpDate(Date())),
      ("Server", "APIServer"),
      ("Connection", "close"),
    ])
    let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes)))), promise: nil)
    let written = context.eventLoop.makePromise(of: Void.self)
    let channel = context.channel
    written.futureResult.whenComplete { _ in channel.close(promise: nil) }
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
  }

  /// The status and body that answer `error`, from a decoder reading at most `maxHeadBytes` of
  /// head and `maxHeaderFields` fields.
  static func answer(
    to error: HTTPParserError, maxHeadBytes: Int, maxHeaderFields: Int
  ) -> (HTTPResponseStatus, APIErrorBody) {
    switch error {
    case .invalidMethod:
      (
        .notImplemented,
        APIErrorBody(
          code: APIErrorBody.Code.notImplemented,
          message: "The method is not one this server knows (methods are case-sensitive).")
      )
    case .headerOverflow:
      (
        .badRequest,
        APIErrorBody(
          code: APIErrorBody.Code.badRequest,
          message:
            "The request's head is too large: the server reads at most \(maxHeadBytes) bytes "
            + "of request target and header fields, and at most \(maxHeaderFields) fields.")
      )
    default:
      (
        .badRequest,
        APIErrorBody(
          code: APIErrorBody.Code.badRequest,
          message: "The request's head could not be read as HTTP/1.1.")
      )
    }
  }

  /// `date` as HTTP writes it (RFC 9110, section 5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
  static func httpDate(_ date: Date) -> String {
    date.formatted(
      Date.VerbatimFormatStyle(
        format:
          "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
        locale: Locale(identifier: "en_US_POSIX"),
        timeZone: .gmt,
        calendar: Calendar(identifier: .gregorian)))
  }
}

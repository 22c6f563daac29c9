import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 request and its answer over a connection of its own, on SwiftNIO: what the live
/// client uses for `http` URLs.
///
/// URLSession on Linux keeps a core busy while it waits for an answer (its socket sources fire
/// again and again), so a slow or silent server would cost the app a whole CPU until the
/// timeout; a NIO channel waits on the event loop and costs nothing meanwhile. The connection
/// is closed once the answer has arrived, or when the calling task is cancelled.
struct HTTP1Exchange: Sendable {
  /// The method, such as `GET`.
  var method: String
  /// The URL asked for: an `http` URL with a host.
  var url: URL
  /// The header fields sent besides `Host`, `Content-Length` and `Connection`.
  var headers: [(name: String, value: String)]
  /// The body, if any.
  var body: Data?

  /// What came back: the status code and the whole body.
  struct Answer: Sendable {
    /// The HTTP status code.
    var status: Int
    /// The body, read to its end.
    var body: Data
    /// The `ETag` field: the version of the resource the answer is about, when the server
    /// names one.
    var entityTag: String? = nil
  }

  /// Why an exchange failed below HTTP's statuses.
  enum Failure: Error, Equatable {
    /// The URL has no host, or its scheme is not `http`.
    case unsupportedURL
    /// The connection ended before a whole answer had arrived.
    case incompleteAnswer
  }

  /// Sends the request and reads the answer.
  ///
  /// Throws ``Failure``, or the connection's error (refused, reset, bytes that are not HTTP) as
  /// SwiftNIO reports it. Cancelling the calling task closes the connection.
  func perform(on group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton)
    async throws -> Answer
  {
    guard url.scheme?.lowercased() == "http", let host = url.host, !host.isEmpty,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { throw Failure.unsupportedURL }
    let port = url.port ?? 80
    let address = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    let channel = try await ClientBootstrap(group: group)
      .connect(host: address, port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
            wrappingChannelSynchronously: channel)
        }
      }
    let head = requestHead(
      target: Self.target(of: components), authority: Self.authority(host: host, port: url.port))
    return try await channel.executeThenClose { inbound, outbound in
      var request: [HTTPClientRequestPart] = [.head(head)]
      if let body, !body.isEmpty {
        request.append(.body(.byteBuffer(ByteBuffer(bytes: body))))
      }
      request.append(.end(nil))
      // A server may answer (an early error) and end its side before it reads the request; the
      // connection is then closed under the write, but the answer has arrived and is read
      // below. The write's error counts only when no whole answer came.
      var writeError: (any Error)?
      do {
        try await outbound.write(contentsOf: request)
      } catch {
        writeError = error
      }
      var status: Int?
      var entityTag: String?
      var received = Data()
      for try await part in inbound {
        switch part {
        case let .head(responseHead):
          // An interim answer (`100 Continue`) comes before the real one.
          guard responseHead.status.code >= 200 else { continue }
          status = Int(responseHead.status.code)
          entityTag = responseHead.headers["ETag"].first
          received.removeAll()
        case let .body(buffer):
          received.append(contentsOf: buffer.readableBytesView)
        case .end:
          guard let status else { continue }
          return Answer(status: status, body: received, entityTag: entityTag)
        }
      }
      try Task.checkCancellation()
      throw writeError ?? Failure.incompleteAnswer
    }
  }

  /// The request's head: method, target and header fields.
  private func requestHead(target: String, authority: String) -> HTTPRequestHead {
    var fields = HTTPHeaders()
    fields.add(name: "Host", value: authority)
    for (name, value) in headers { fields.add(name: name, value: value) }
    fields.add(name: "Content-Length", value: String(body?.count ?? 0))
    fields.add(name: "Connection", value: "close")
    return HTTPRequestHead(
      version: .http1_1, method: HTTPMethod(rawValue: method), uri: target, headers: fields)
  }

  /// The request target of `components`: its path (`/` when empty) and query, still encoded.
  static func target(of components: URLComponents) -> String {
    let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    guard let query = components.percentEncodedQuery else { return path }
    return path + "?" + query
  }

  /// The `Host` field for `host` and the URL's explicit `port`: an IPv6 address in brackets.
  static func authority(host: String, port: Int?) -> String {
    let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return port.map { "\(name):\($0)" } ?? name
  }
}

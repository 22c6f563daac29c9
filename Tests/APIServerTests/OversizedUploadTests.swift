import APIServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a raw-socket client that sends its whole body before reading saw.
struct UploadOutcome: Sendable {
  /// Everything the server sent back.
  var response: String
  /// How long the exchange took.
  var elapsed: Duration
  /// Whether sending or receiving gave up on its own timeout (the server neither read nor
  /// closed).
  var timedOut: Bool
}

/// Sends `PUT /me` (or `method` and `target`) with a `bodySize`-byte body and
/// `Connection: close` the way Python's urllib does (headers, the whole body, then read), from
/// a socket with a small send buffer.
func uploadLikeURLLib(
  port: Int, bodySize: Int, contentType: String, method: String = "PUT", target: String = "/me"
) -> UploadOutcome {
  let start = ContinuousClock.now
  let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  defer { close(socket) }
  var sendBuffer: Int32 = 8 * 1024
  setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
  var timeout = timeval(tv_sec: 10, tv_usec: 0)
  setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  guard connected == 0 else { return UploadOutcome(response: "", elapsed: .zero, timedOut: false) }

  var timedOut = false
  let head =
    "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\n"
    + "Content-Length: \(bodySize)\r\nConnection: close\r\n\r\n"
  var pending = Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: bodySize)
  var offset = 0
  while offset < pending.count {
    let sent = pending[offset...].withUnsafeBytes {
      send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    if sent > 0 {
      offset += sent
      continue
    }
    if errno == EINTR { continue }
    timedOut = errno == EAGAIN || errno == EWOULDBLOCK
    break  // The server closed (EPIPE, ECONNRESET) or we gave up: read what it answered.
  }
  pending = []

  var response: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while !timedOut {
    let count = recv(socket, &buffer, buffer.count, 0)
    if count > 0 {
      response += buffer[..<count]
    } else {
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { timedOut = true }
      break
    }
  }
  return UploadOutcome(
    response: String(decoding: response, as: UTF8.self),
    elapsed: ContinuousClock.now - start,
    timedOut: timedOut)
}

extension ServerSuite {
  @Suite("Oversized uploads")
  struct OversizedUploadTests {
    @Test(arguments: [4 * 1024 * 1024, 48 * 1024 * 1024])
    func aClientThatSendsEverythingFirstReadsThe413AndTheConnectionEnds(bodySize: Int) async throws
    {
      try await withLiveServer { server in
        let port = server.port
        let outcome = await Task.detached {
          uploadLikeURLLib(port: port, bodySize: bodySize, contentType: "application/json")
        }.value
        #expect(!outcome.timedOut, "the client blocked until its own timeout")
        #expect(outcome.response.hasPrefix("HTTP/1.1 413"), "\(outcome.response.prefix(80))")
        #expect(outcome.response.contains("payload_too_large"))
        #expect(outcome.elapsed < .seconds(8))
      }
    }

    @Test
    func aLargeBodyOfTheWrongTypeIsRefusedTheSameWay() async throws {
      try await withLiveServer { server in
        let port = server.port
        let outcome = await Task.detached {
          uploadLikeURLLib(port: port, bodySize: 48 * 1024 * 1024, contentType: "text/plain")
        }.value
        #expect(!outcome.timedOut, "the client blocked until its own timeout")
        #expect(outcome.response.hasPrefix("HTTP/1.1 415"), "\(outcome.response.prefix(80))")
      }
    }

    @Test
    func theServerStillAnswersAfterwards() async throws {
      try await withLiveServer { server in
        let port = server.port
        _ = await Task.detached {
          uploadLikeURLLib(port: port, bodySize: 48 * 1024 * 1024, contentType: "application/json")
        }.value
        let (status, _) = try await LiveServerTests.send("/health", to: server)
        #expect(status == 200)
      }
    }
  }
}

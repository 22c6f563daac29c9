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
  guard let connection = RawConnection(port: port, sendBuffer: 8 * 1024) else {
    return UploadOutcome(response: "", elapsed: .zero, timedOut: false)
  }
  let head =
    "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\n"
    + "Content-Length: \(bodySize)\r\nConnection: close\r\n\r\n"
  // A send that stops short either timed out (the server neither read nor closed) or found the
  // connection closed; in the second case the answer is still there to read.
  var timedOut = false
  if !connection.send(Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: bodySize)) {
    timedOut = errno == EAGAIN || errno == EWOULDBLOCK
  }
  var response: [UInt8] = []
  if !timedOut {
    let read = connection.readAll()
    response = read.bytes
    timedOut = !read.closed
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
        let outcome = await onThread {
          uploadLikeURLLib(port: port, bodySize: bodySize, contentType: "application/json")
        }
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
        let outcome = await onThread {
          uploadLikeURLLib(port: port, bodySize: 48 * 1024 * 1024, contentType: "text/plain")
        }
        #expect(!outcome.timedOut, "the client blocked until its own timeout")
        #expect(outcome.response.hasPrefix("HTTP/1.1 415"), "\(outcome.response.prefix(80))")
      }
    }

    @Test
    func theServerStillAnswersAfterwards() async throws {
      try await withLiveServer { server in
        let port = server.port
        _ = await onThread {
          uploadLikeURLLib(port: port, bodySize: 48 * 1024 * 1024, contentType: "application/json")
        }
        let (status, _) = try await LiveServerTests.send("/health", to: server)
        #expect(status == 200)
      }
    }
  }
}

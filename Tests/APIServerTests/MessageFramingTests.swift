import APIServer
import Foundation
import SharedModels
import Testing

extension ServerSuite {
  /// How a request's head frames what follows it: transfer and content codings, `CONNECT`,
  /// and the `Host` value. Each refusal is the JSON error and, where the framing of the rest of
  /// the connection cannot be trusted, closes it.
  @Suite("Message framing: codings, CONNECT and Host")
  struct MessageFramingTests {
    static let body = #"{"displayName":"Framed","bio":"","email":"framed@example.com"}"#

    /// `PUT /me` of `body`, chunked, with the transfer codings `codings` before `chunked`.
    static func chunkedPut(codings: String) -> String {
      "PUT /me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Transfer-Encoding: \(codings)\r\n\r\n"
        + String(body.utf8.count, radix: 16) + "\r\n\(body)\r\n0\r\n\r\n"
    }

    /// The profile's display name now, read on a connection of its own.
    static func displayName(port: Int) async throws -> String {
      let answer = try #require(
        await onThread { RawConnection.exchange("GET /me HTTP/1.0\r\n\r\n", port: port) })
      return try JSONDecoder.api.decode(UserProfile.self, from: Data(answer.body.utf8))
        .displayName
    }

    @Test func aTransferCodingOtherThanChunkedIs501AndCloses() async throws {
      try await withLiveServer { server in
        for codings in ["x-foo, chunked", "gzip, chunked", "GZIP,chunked"] {
          let (answer, closed) = await exchangeThenWatchClose(
            Self.chunkedPut(codings: codings), port: server.port)
          let response = try #require(answer, "\(codings)")
          #expect(response.status == 501, "\(codings)")
          let error = try JSONDecoder.api.decode(
            APIErrorBody.self, from: Data(response.body.utf8))
          #expect(error.code == APIErrorBody.Code.notImplemented, "\(codings)")
          #expect(response.headers["connection"]?.lowercased() == "close", "\(codings)")
          #expect(closed, "\(codings) left the connection open")
        }
        #expect(try await Self.displayName(port: server.port) != "Framed")
      }
    }

    @Test func chunkedInAnyCaseAloneIsRead() async throws {
      try await withLiveServer { server in
        for codings in ["chunked", "Chunked", " chunked "] {
          let (answer, _) = await exchangeThenWatchClose(
            Self.chunkedPut(codings: codings), port: server.port, wait: .zero)
          #expect(answer?.status == 200, "\(codings): \(answer?.raw ?? "")")
        }
      }
    }

    @Test func aBodyWhoseLastCodingIsNotChunkedIs400AndCloses() async throws {
      try await withLiveServer { server in
        for request in [
          "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
          "PUT /me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: gzip\r\n\r\n\(Self.body)",
        ] {
          let start = ContinuousClock.now
          let (answer, closed) = await exchangeThenWatchClose(request, port: server.port)
          let response = try #require(answer, "\(request)")
          #expect(response.status == 400, "\(request)")
          #expect(response.body.contains(APIErrorBody.Code.badRequest), "\(request)")
          #expect(response.headers["connection"]?.lowercased() == "close", "\(request)")
          #expect(closed, "\(request) left the connection open")
          // The length of such a body cannot be known, so it is not waited for.
          #expect(ContinuousClock.now - start < .seconds(1), "\(request)")
        }
      }
    }

    @Test func aBadChunkSizeIs400AndSaysTheConnectionCloses() async throws {
      try await withLiveServer { server in
        let request =
          "PUT /me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          + "Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n"
        let (answer, closed) = await exchangeThenWatchClose(request, port: server.port)
        #expect(answer?.status == 400)
        #expect(answer?.headers["connection"]?.lowercased() == "close")
        #expect(closed)
      }
    }

    @Test func aContentCodingOnTheProfileIs415WithAcceptEncoding() async throws {
      try await withLiveServer { server in
        for coding in ["gzip", "br", "identity, gzip"] {
          let request =
            "PUT /me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Encoding: \(coding)\r\nContent-Length: \(Self.body.utf8.count)\r\n\r\n"
            + Self.body
          let (answer, _) = await exchangeThenWatchClose(request, port: server.port, wait: .zero)
          let response = try #require(answer, "\(coding)")
          #expect(response.status == 415, "\(coding)")
          #expect(response.headers["accept-encoding"] == "identity", "\(coding)")
          #expect(response.body.contains("Content-Encoding"), "\(coding)")
        }
        #expect(try await Self.displayName(port: server.port) != "Framed")
        let identity =
          "PUT /me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          + "Content-Encoding: identity\r\nContent-Length: \(Self.body.utf8.count)\r\n\r\n"
          + Self.body
        let (answer, _) = await exchangeThenWatchClose(identity, port: server.port, wait: .zero)
        #expect(answer?.status == 200)
      }
    }

    @Test func connectIsRefusedAndItsConnectionClosedAtOnce() async throws {
      try await withLiveServer { server in
        for (request, status) in [
          ("CONNECT /users/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 405),
          ("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 404),
        ] {
          let start = ContinuousClock.now
          let (bytes, closed) = await onThread { () -> ([UInt8], Bool) in
            guard let connection = RawConnection(port: server.port, receiveTimeout: .seconds(5))
            else { return ([], false) }
            // A request pipelined after it is not read as one: what follows CONNECT is a tunnel.
            connection.send(request + "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return connection.readAll()
          }
          let response = try #require(RawResponse(bytes), "\(request)")
          #expect(response.status == status, "\(request)")
          #expect(response.headers["connection"]?.lowercased() == "close", "\(request)")
          // NIO sends no body, so the answer claims none.
          #expect(response.headers["content-type"] == nil, "\(request)")
          // Without a length, the end of the connection ends the answer.
          #expect(closed, "\(request)")
          #expect(ContinuousClock.now - start < .seconds(3), "\(request)")
        }
      }
    }

    @Test(arguments: ["a b", "a, b", "[zz", "a:notaport", "a:80:80", "a/b", "a@b", "[::1"])
    func anInvalidHostIs400(host: String) async throws {
      try await withLiveServer { server in
        let answer = try #require(
          await onThread {
            RawConnection.exchange(
              "GET /health HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n",
              port: server.port)
          })
        #expect(answer.status == 400)
        let error = try JSONDecoder.api.decode(APIErrorBody.self, from: Data(answer.body.utf8))
        #expect(error.message.contains("Host"))
      }
    }

    @Test(arguments: [
      "127.0.0.1", "127.0.0.1:8080", "localhost", "[::1]", "[::1]:80", "Example.COM:",
      "xn--bcher-kva.example", "a%41b", "[v1.x]",
    ])
    func aValidHostIsServed(host: String) async throws {
      try await withLiveServer { server in
        let answer = await onThread {
          RawConnection.exchange(
            "GET /health HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n",
            port: server.port)
        }
        #expect(answer?.status == 200)
      }
    }
  }
}

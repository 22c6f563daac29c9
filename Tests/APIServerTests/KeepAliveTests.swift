import APIServer
import Foundation
import Testing

extension ServerSuite {
  @Suite("Keep-alive: HTTP/1.0 and Connection: close")
  struct KeepAliveTests {
    @Test func anHTTP10RequestGetsItsAnswerThenTheConnectionClosed() async throws {
      try await withLiveServer { server in
        for request in [
          "GET /health HTTP/1.0\r\n\r\n",
          "GET /users/1 HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n",
          "GET /nowhere HTTP/1.0\r\n\r\n",
          "GET /health HTTP/1.0\r\nConnection: something-else\r\n\r\n",
        ] {
          let (response, closed) = await exchangeThenWatchClose(request, port: server.port)
          let answer = try #require(response, "\(request)")
          #expect([200, 404].contains(answer.status), "\(request)")
          #expect(answer.headers["connection"]?.lowercased() == "close", "\(request)")
          #expect(closed, "\(request) left the connection open")
        }
      }
    }

    @Test func anHTTP10KeepAliveRequestKeepsTheConnection() async throws {
      try await withLiveServer { server in
        let port = server.port
        let (first, second, closedAfterSecond) = await onThread {
          () -> (RawResponse?, RawResponse?, Bool) in
          guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
            return (nil, nil, false)
          }
          connection.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
          let first = connection.readResponse()
          connection.send("GET /users/2 HTTP/1.0\r\n\r\n")
          let second = connection.readResponse()
          return (first, second, connection.isClosed(within: .seconds(3)))
        }
        #expect(first?.status == 200)
        #expect(first?.headers["connection"]?.lowercased() != "close")
        #expect(second?.status == 200)
        #expect(closedAfterSecond)
      }
    }

    // RFC 9112, section 6.1: an HTTP/1.0 message with Transfer-Encoding is framed faultily,
    // so the connection closes after it, whatever it asks.
    @Test func anHTTP10RequestWithATransferEncodingClosesTheConnection() async throws {
      try await withLiveServer { server in
        let request =
          "GET /health HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "0\r\n\r\n"
        let (response, closed) = await exchangeThenWatchClose(request, port: server.port)
        #expect(response?.status == 200)
        #expect(response?.headers["connection"]?.lowercased() == "close")
        #expect(closed, "the connection stayed open for the next request")
      }
    }

    @Test func connectionCloseIsHonouredInAnyCase() async throws {
      try await withLiveServer { server in
        for request in [
          "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Close\r\n\r\n",
          "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive, close\r\n\r\n",
        ] {
          let (response, closed) = await exchangeThenWatchClose(request, port: server.port)
          #expect(response?.status == 200, "\(request)")
          #expect(response?.headers["connection"]?.lowercased() == "close", "\(request)")
          #expect(closed, "\(request) left the connection open")
        }
      }
    }

    @Test func anHTTP11RequestKeepsTheConnection() async throws {
      try await withLiveServer { server in
        let (response, closed) = await exchangeThenWatchClose(
          "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", port: server.port, wait: .seconds(1))
        #expect(response?.status == 200)
        #expect(response?.headers["connection"] == nil)
        #expect(!closed)
      }
    }
  }
}

import APIServer
import Foundation
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Host: exactly one, except that HTTP/1.0 may leave it out")
  struct HostHeaderTests {
    /// Sends `request` on a new connection and reads its answer.
    static func exchange(_ request: String, port: Int) async -> RawResponse? {
      await onThread { RawConnection.exchange(request, port: port) }
    }

    @Test func anHTTP11RequestWithoutHostIs400WithTheUsualJSONError() async throws {
      try await withLiveServer { server in
        let answer = try #require(
          await Self.exchange("GET /users HTTP/1.1\r\n\r\n", port: server.port))
        #expect(answer.status == 400)
        #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        let error = try JSONDecoder.api.decode(APIErrorBody.self, from: Data(answer.body.utf8))
        #expect(error.code == APIErrorBody.Code.badRequest)
        #expect(error.message.contains("Host"))
        #expect(error.field == nil)
      }
    }

    @Test func aRequestWithMoreThanOneHostIs400() async throws {
      try await withLiveServer { server in
        for request in [
          "GET /users HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: example.com\r\n\r\n",
          "GET /users HTTP/1.0\r\nHost: 127.0.0.1\r\nhost: 127.0.0.1\r\n\r\n",
        ] {
          let answer = await Self.exchange(request, port: server.port)
          #expect(answer?.status == 400, "\(request)")
          #expect(answer?.body.contains(APIErrorBody.Code.badRequest) == true, "\(request)")
        }
      }
    }

    @Test func anHTTP10RequestMayLeaveHostOut() async throws {
      try await withLiveServer { server in
        let answer = await Self.exchange("GET /users HTTP/1.0\r\n\r\n", port: server.port)
        #expect(answer?.status == 200)
      }
    }

    @Test func anHTTP11RequestWithOneHostIsServedEvenAnEmptyOne() async throws {
      try await withLiveServer { server in
        for request in [
          "GET /users HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
          "GET /users HTTP/1.1\r\nhost: 127.0.0.1\r\nConnection: close\r\n\r\n",
          "GET /users HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n",
        ] {
          let answer = await Self.exchange(request, port: server.port)
          #expect(answer?.status == 200, "\(request)")
        }
      }
    }

    @Test func theConnectionServesTheNextRequestAfterTheRefusal() async throws {
      try await withLiveServer { server in
        let port = server.port
        let (refused, served) = await onThread { () -> (RawResponse?, RawResponse?) in
          guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
            return (nil, nil)
          }
          connection.send("GET /users/1 HTTP/1.1\r\n\r\n")
          let refused = connection.readResponse()
          connection.send("GET /users/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
          return (refused, connection.readResponse())
        }
        #expect(refused?.status == 400)
        #expect(served?.status == 200)
      }
    }
  }
}

import APIServer
import Foundation
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Expect: 100-continue, and other expectations")
  struct ExpectContinueTests {
    static let update = #"{"displayName":"Expecting","bio":"","email":"expect@example.com"}"#

    /// `PUT /me` with `update`'s length and `Expect: 100-continue`, its body not sent.
    static func head(
      path: String = "/me", method: String = "PUT", contentType: String = "application/json",
      length: Int = update.utf8.count, version: String = "1.1", expect: String = "100-continue"
    ) -> String {
      "\(method) \(path) HTTP/\(version)\r\nHost: 127.0.0.1\r\nContent-Type: \(contentType)\r\n"
        + "Content-Length: \(length)\r\nExpect: \(expect)\r\n\r\n"
    }

    @Test func aRouteThatReadsTheBodyAnswers100ContinueThenTheFinalAnswer() async throws {
      try await withLiveServer { server in
        let port = server.port
        let (interim, final, next) = await onThread {
          () -> (String?, RawResponse?, RawResponse?) in
          guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
            return (nil, nil, nil)
          }
          connection.send(Self.head())
          // The client waits for the interim answer before it sends the body.
          let interim = connection.readHead()
          connection.send(Self.update)
          let final = connection.readResponse()
          connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
          return (interim, final, connection.readResponse())
        }
        #expect(interim?.hasPrefix("HTTP/1.1 100 Continue\r\n") == true, "\(interim ?? "nothing")")
        let answer = try #require(final)
        #expect(answer.status == 200)
        let profile = try JSONDecoder.api.decode(UserProfile.self, from: Data(answer.body.utf8))
        #expect(profile.displayName == "Expecting")
        #expect(next?.status == 200, "the connection serves the next request")
      }
    }

    @Test func anAnswerDecidedByTheHeadComesAtOnceWithoutTheBodyAndCloses() async throws {
      try await withLiveServer { server in
        let port = server.port
        for (request, status) in [
          (Self.head(contentType: "text/plain"), 415),
          (Self.head(length: APIRequestContext.maxBodySize + 1), 413),
          (Self.head(path: "/users", method: "POST"), 405),
          (Self.head(path: "/nowhere", method: "POST"), 404),
        ] {
          let (answer, elapsed, closed) = await onThread {
            () -> (RawResponse?, Duration, Bool) in
            guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
              return (nil, .zero, false)
            }
            let start = ContinuousClock.now
            connection.send(request)
            let answer = connection.readResponse()
            return (answer, ContinuousClock.now - start, connection.isClosed(within: .seconds(3)))
          }
          #expect(answer?.status == status, "\(request)")
          #expect(answer?.headers["connection"]?.lowercased() == "close", "\(request)")
          // Not after a drain's 2 s, nor the body timeout's 10 s.
          #expect(elapsed < .seconds(1), "\(request) took \(elapsed)")
          #expect(closed, "\(request) left the connection open")
        }
        let profile = try #require(
          await onThread { RawConnection.exchange("GET /me HTTP/1.0\r\n\r\n", port: port) })
        #expect(!profile.body.contains("Expecting"))
      }
    }

    @Test func aClientThatSendsTheBodyWithoutWaitingIsServed() async throws {
      try await withLiveServer { server in
        let port = server.port
        let (interim, final) = await onThread { () -> (String?, RawResponse?) in
          guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
            return (nil, nil)
          }
          connection.send(Self.head() + Self.update)
          return (connection.readHead(), connection.readResponse())
        }
        // The interim answer still comes first; the final one follows it.
        #expect(interim?.hasPrefix("HTTP/1.1 100 Continue\r\n") == true, "\(interim ?? "nothing")")
        #expect(final?.status == 200)
      }
    }

    @Test func anHTTP10RequestsExpectationIsIgnored() async throws {
      try await withLiveServer { server in
        let answer = await onThread {
          RawConnection.exchange(Self.head(version: "1.0") + Self.update, port: server.port)
        }
        #expect(answer?.status == 200)
        #expect(answer?.raw.contains(" 100 ") == false, "\(answer?.raw ?? "")")
      }
    }

    @Test func anExpectationOtherThan100ContinueIs417() async throws {
      try await withLiveServer { server in
        let answer = try #require(
          await onThread {
            RawConnection.exchange(
              Self.head(expect: "something-else") + Self.update, port: server.port)
          })
        #expect(answer.status == 417)
        let error = try JSONDecoder.api.decode(APIErrorBody.self, from: Data(answer.body.utf8))
        #expect(error.code == APIErrorBody.Code.expectationFailed)
        #expect(error.field == nil)
      }
    }

    @Test func anExpectationInAnyCaseIsUnderstood() async throws {
      try await withLiveServer { server in
        let port = server.port
        let interim = await onThread { () -> String? in
          guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
            return nil
          }
          connection.send(Self.head(expect: "100-Continue"))
          return connection.readHead()
        }
        #expect(interim?.hasPrefix("HTTP/1.1 100 Continue\r\n") == true, "\(interim ?? "nothing")")
      }
    }
  }
}

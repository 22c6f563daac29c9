import Foundation
import Testing

@testable import APIClientLive

extension ClientSuite {
  @Suite("HTTP/1.1 exchanges")
  struct HTTP1ExchangeTests {
    @Test func theTargetKeepsThePathAndQueryEncoded() throws {
      let url = try #require(URL(string: "http://127.0.0.1:8080/search?q=a%26b&limit=5"))
      let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
      #expect(HTTP1Exchange.target(of: components) == "/search?q=a%26b&limit=5")
    }

    @Test func anEmptyPathIsTheRoot() throws {
      let url = try #require(URL(string: "http://example.com"))
      let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
      #expect(HTTP1Exchange.target(of: components) == "/")
    }

    @Test func theHostFieldNamesThePortOnlyWhenGiven() {
      #expect(HTTP1Exchange.authority(host: "127.0.0.1", port: 8080) == "127.0.0.1:8080")
      #expect(HTTP1Exchange.authority(host: "example.com", port: nil) == "example.com")
      #expect(HTTP1Exchange.authority(host: "::1", port: 8080) == "[::1]:8080")
    }

    @Test func aURLThatIsNotPlainHTTPIsRefused() async throws {
      let exchange = HTTP1Exchange(
        method: "GET", url: try #require(URL(string: "ftp://127.0.0.1/x")), headers: [],
        body: nil)
      await #expect(throws: HTTP1Exchange.Failure.unsupportedURL) {
        _ = try await exchange.perform()
      }
    }

    @Test func anAnswerSentBeforeTheWholeBodyIsStillRead() async throws {
      // A server refusing a body too large answers after the head and ends its side: the
      // client's connection is closed under its write, but the answer has arrived.
      let body = #"{"error": {"code": "payload_too_large", "message": "Too large."}}"#
      let answer =
        "HTTP/1.1 413 Content Too Large\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
      try await withRawServer(.answerBeforeTheBody(answer)) { server in
        let exchange = HTTP1Exchange(
          method: "PUT", url: server.baseURL.appendingPathComponent("me"),
          headers: [("Content-Type", "application/json")], body: Data(count: 8 * 1024 * 1024))
        for attempt in 1...10 {
          do {
            let answer = try await exchange.perform()
            #expect(answer.status == 413, "attempt \(attempt)")
            #expect(String(decoding: answer.body, as: UTF8.self) == body, "attempt \(attempt)")
          } catch {
            Issue.record("Attempt \(attempt): expected the 413, got \(error)")
            return
          }
        }
      }
    }
  }
}

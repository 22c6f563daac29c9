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
  }
}

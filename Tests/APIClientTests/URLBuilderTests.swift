import Foundation
import Testing

@testable import APIClientLive

extension ClientSuite {
  @Suite("URL building")
  struct URLBuilderTests {
    let base = URL(string: "http://127.0.0.1:8080")!

    @Test func queryValuesAreFullyEncoded() throws {
      let url = try #require(
        URLBuilder.url(
          for: Endpoint(path: "/search", query: [("q", "a&limit=100000#"), ("limit", "5")]),
          baseURL: base))
      #expect(url.absoluteString == "http://127.0.0.1:8080/search?q=a%26limit%3D100000%23&limit=5")
    }

    @Test func reservedAndUnicodeCharactersAreEncoded() {
      #expect(URLBuilder.encode("1+1=2") == "1%2B1%3D2")
      #expect(URLBuilder.encode("a b?c/d") == "a%20b%3Fc%2Fd")
      #expect(URLBuilder.encode("café") == "caf%C3%A9")
      #expect(URLBuilder.encode("100%") == "100%25")
      #expect(URLBuilder.encode("A-z_0.9~") == "A-z_0.9~")
    }

    @Test func baseURLPathIsKept() throws {
      let url = try #require(
        URLBuilder.url(
          for: Endpoint.paged("/users", page: 2, limit: 10),
          baseURL: URL(string: "http://example.com/api/")!))
      #expect(url.absoluteString == "http://example.com/api/users?page=2&limit=10")
    }

    @Test func noQueryMeansNoQuestionMark() throws {
      let url = try #require(URLBuilder.url(for: Endpoint(path: "/me"), baseURL: base))
      #expect(url.absoluteString == "http://127.0.0.1:8080/me")
    }
  }
}

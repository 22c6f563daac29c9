import Foundation
import Testing

@testable import APIServer

extension ServerSuite {
  @Suite("Base URL")
  struct BaseURLTests {
    @Test func hostAndPortFormTheURL() {
      #expect(
        APIServer.baseURL(host: "127.0.0.1", port: 80).absoluteString == "http://127.0.0.1:80")
      #expect(
        APIServer.baseURL(host: "localhost", port: 1).absoluteString == "http://localhost:1")
    }

    @Test func ipv6HostsAreBracketed() {
      #expect(APIServer.baseURL(host: "::1", port: 8080).absoluteString == "http://[::1]:8080")
    }
  }
}

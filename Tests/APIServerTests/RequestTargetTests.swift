import Foundation
import SharedModels
import Testing

@testable import APIServer

extension ServerSuite {
  /// RFC 9110 (section 4.2.3): targets that differ only in percent-encoded unreserved characters
  /// or dot segments name the same resource.
  @Suite("Request targets in normal form")
  struct RequestTargetTests {
    @Test(arguments: [
      ("/users/1", "/users/1"),
      ("/%75sers/1", "/users/1"),
      ("/%75SERS/%7e", "/uSERS/~"),
      ("/users/%2F1", "/users/%2F1"),
      ("/users/%zz", "/users/%zz"),
      ("/users/%3", "/users/%3"),
      ("/./users/1", "/users/1"),
      ("/users/../users/1", "/users/1"),
      ("/a/b/%2E%2E/../users/1/.", "/users/1/"),
      ("/../../users/1", "/users/1"),
      ("/users/..", "/"),
      ("/users/1?q=%75&x=../y", "/users/1?q=%75&x=../y"),
      ("/%75sers/1?q=.", "/users/1?q=."),
      ("/users/1.json", "/users/1.json"),
      ("/users/%", "/users/%"),
      ("/users/1/%/..", "/users/1/"),
      ("/..//users/1", "//users/1"),
      ("/", "/"),
      ("*", "*"),
      ("http://example.com/%75sers/./1", "http://example.com/users/1"),
      ("http://example.com:8080/a/../users?q=%75", "http://example.com:8080/users?q=%75"),
      ("http://example.com", "http://example.com"),
      ("http://example.com?q=.", "http://example.com?q=."),
    ])
    func theTargetIsNormalized(target: String, normal: String) {
      #expect(RequestTargetNormalizer.normalized(target) == normal)
    }

    @Test func equivalentTargetsReachTheSameRoute() async throws {
      try await withLiveServer { server in
        for target in [
          "/%75sers/1", "/./users/1", "/posts/../users/1", "/users/%2e/1",
          "http://127.0.0.1/%75sers/1", "http://127.0.0.1/a/../users/1",
        ] {
          let answer = try #require(
            await onThread {
              RawConnection.exchange(
                "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                port: server.port)
            }, "\(target)")
          #expect(answer.status == 200, "\(target)")
          let user = try JSONDecoder.api.decode(User.self, from: Data(answer.body.utf8))
          #expect(user.id == 1, "\(target)")
        }
      }
    }
  }
}

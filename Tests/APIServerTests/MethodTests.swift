import APIServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Methods: 405 and OPTIONS on known paths")
  struct MethodTests {
    /// A method a path does not serve, and the `Allow` header expected.
    struct Case: Sendable, CustomTestStringConvertible {
      var method: HTTPRequest.Method
      var uri: String
      var allow: String

      var testDescription: String { "\(method.rawValue) \(uri)" }
    }

    static let readOnly = "GET, HEAD, OPTIONS"

    static let cases: [Case] = [
      Case(method: .post, uri: "/users", allow: readOnly),
      Case(method: .put, uri: "/users", allow: readOnly),
      Case(method: .delete, uri: "/users/1", allow: readOnly),
      Case(method: .patch, uri: "/users/abc", allow: readOnly),
      Case(method: .post, uri: "/users/1/posts?page=2", allow: readOnly),
      Case(method: .put, uri: "/posts", allow: readOnly),
      Case(method: .post, uri: "/search?q=ali", allow: readOnly),
      Case(method: .delete, uri: "/health", allow: readOnly),
      Case(method: .delete, uri: "/me", allow: "GET, HEAD, PUT, OPTIONS"),
      Case(method: .post, uri: "/me", allow: "GET, HEAD, PUT, OPTIONS"),
    ]

    @Test(arguments: cases)
    func anUnservedMethodIs405WithAllow(_ testCase: Case) async throws {
      try await withRouter { client, _ in
        let response = try await client.execute(uri: testCase.uri, method: testCase.method)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers[.allow] == testCase.allow)
        let error: APIErrorBody = try response.decoded()
        #expect(error.code == APIErrorBody.Code.methodNotAllowed)
        #expect(error.message.contains(testCase.method.rawValue))
        #expect(error.field == nil)
      }
    }

    @Test func optionsOnAKnownPathIs204WithAllow() async throws {
      try await withRouter { client, _ in
        for (uri, allow) in [
          ("/users", Self.readOnly), ("/users/7", Self.readOnly), ("/users/7/posts", Self.readOnly),
          ("/posts", Self.readOnly), ("/search", Self.readOnly), ("/health", Self.readOnly),
          ("/me", "GET, HEAD, PUT, OPTIONS"),
        ] {
          let response = try await client.execute(uri: uri, method: .options)
          #expect(response.status == .noContent, "OPTIONS \(uri)")
          #expect(response.headers[.allow] == allow, "OPTIONS \(uri)")
          #expect(response.body.readableBytes == 0, "OPTIONS \(uri)")
        }
      }
    }

    @Test func unknownPathsStay404WhateverTheMethod() async throws {
      try await withRouter { client, _ in
        for (uri, method) in [
          ("/nowhere", HTTPRequest.Method.post), ("/nowhere", .options), ("/users/1/posts/2", .get),
          ("/users/1/posts/2", .delete), ("/", .options), ("/me/too", .put),
        ] {
          let response = try await client.execute(uri: uri, method: method)
          #expect(response.status == .notFound, "\(method.rawValue) \(uri)")
          #expect(response.headers[.allow] == nil, "\(method.rawValue) \(uri)")
          let error: APIErrorBody = try response.decoded()
          #expect(error.code == APIErrorBody.Code.notFound)
        }
      }
    }

    @Test func aRouteThatAnswers404ItselfIsNot405() async throws {
      try await withRouter { client, _ in
        let response = try await client.execute(uri: "/users/100000", method: .get)
        #expect(response.status == .notFound)
        #expect(response.headers[.allow] == nil)
      }
    }

    @Test func additionalRoutesGet405Too() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let database = try APIDatabase(path: path)
      let configuration = APIServerConfiguration(
        databasePath: path, dataset: .small, logger: quietLogger,
        additionalRoutes: { router in
          router.post("test/echo") { _, _ in "posted" }
        })
      let application = Application(
        router: APIServer.makeRouter(database: database, configuration: configuration),
        logger: quietLogger)
      try await application.test(.router) { client in
        let response = try await client.execute(uri: "/test/echo", method: .get)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers[.allow] == "POST, OPTIONS")
        let posted = try await client.execute(uri: "/test/echo", method: .post)
        #expect(posted.status == .ok)
      }
    }

    @Test func a405OverASocketCarriesAllowAndAJSONBody() async throws {
      try await withLiveServer { server in
        let response = await onThread {
          RawConnection.exchange(
            "POST /users HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n"
              + "Connection: close\r\n\r\n{}",
            port: server.port)
        }
        let answer = try #require(response)
        #expect(answer.status == 405)
        #expect(answer.headers["allow"] == Self.readOnly)
        #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
        let error = try JSONDecoder.api.decode(APIErrorBody.self, from: Data(answer.body.utf8))
        #expect(error.code == APIErrorBody.Code.methodNotAllowed)
      }
    }
  }
}

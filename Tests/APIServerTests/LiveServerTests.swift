import APIServer
import Foundation
import Hummingbird
import HummingbirdTesting
import SharedModels
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ServerSuite {
  @Suite("Live server on loopback")
  struct LiveServerTests {
    /// Sends a request to `server` and returns the status and body.
    static func send(
      _ path: String, to server: APIServer, method: String = "GET",
      contentType: String? = nil, body: Data? = nil
    ) async throws -> (status: Int, body: Data) {
      let url = try #require(URL(string: server.baseURL.absoluteString + path))
      var request = URLRequest(url: url, timeoutInterval: 30)
      request.httpMethod = method
      request.httpBody = body
      if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
      let (data, response) = try await URLSession.shared.data(for: request)
      let status = try #require(response as? HTTPURLResponse).statusCode
      return (status, data)
    }

    @Test func startsOnAFreePortAndServesEveryEndpoint() async throws {
      try await withLiveServer { server in
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        for path in [
          "/health", "/users?page=2&limit=10", "/users/5", "/users/5/posts", "/posts?limit=5",
          "/search?q=ali", "/me",
        ] {
          let (status, _) = try await Self.send(path, to: server)
          #expect(status == 200, "\(path)")
        }
        let (_, data) = try await Self.send("/users/5", to: server)
        let user = try JSONDecoder.api.decode(User.self, from: data)
        #expect(user.id == 5)
      }
    }

    @Test func badInputIsAJSONErrorOverHTTP() async throws {
      try await withLiveServer { server in
        for (path, expected) in [
          ("/users/abc", 400), ("/users/424242", 404), ("/posts?limit=101", 400), ("/search", 400),
          ("/nowhere", 404),
        ] {
          let (status, data) = try await Self.send(path, to: server)
          #expect(status == expected, "\(path)")
          #expect(
            try JSONDecoder.api.decode(APIErrorBody.self, from: data).message.isEmpty == false)
        }
      }
    }

    @Test func profileUpdatesOverHTTP() async throws {
      try await withLiveServer { server in
        let update = ProfileUpdate(
          displayName: "Grace Hopper", bio: "Compilers.", email: "g@navy.mil")
        let (status, data) = try await Self.send(
          "/me", to: server, method: "PUT", contentType: "application/json",
          body: try JSONEncoder.api.encode(update))
        #expect(status == 200)
        #expect(
          try JSONDecoder.api.decode(UserProfile.self, from: data).displayName == "Grace Hopper")

        let invalid = ProfileUpdate(displayName: "Grace", bio: "", email: "no-at-sign")
        let (refused, errorData) = try await Self.send(
          "/me", to: server, method: "PUT", contentType: "application/json",
          body: try JSONEncoder.api.encode(invalid))
        #expect(refused == 422)
        #expect(try JSONDecoder.api.decode(APIErrorBody.self, from: errorData).field == "email")

        let (malformed, _) = try await Self.send(
          "/me", to: server, method: "PUT", contentType: "application/json", body: Data("{".utf8))
        #expect(malformed == 400)

        let (wrongType, _) = try await Self.send(
          "/me", to: server, method: "PUT", contentType: "text/plain",
          body: try JSONEncoder.api.encode(update))
        #expect(wrongType == 415)
      }
    }

    @Test func oversizeBodyIs413OverHTTP() async throws {
      try await withLiveServer { server in
        let huge = Data(repeating: UInt8(ascii: "x"), count: 100_000)
        let (status, data) = try await Self.send(
          "/me", to: server, method: "PUT", contentType: "application/json", body: huge)
        #expect(status == 413)
        #expect(
          try JSONDecoder.api.decode(APIErrorBody.self, from: data).code
            == APIErrorBody.Code.payloadTooLarge)
      }
    }

    @Test func oversizeChunkedBodyIs413OverHTTP() async throws {
      try await withLiveServer { server in
        // A body stream has no Content-Length, so it travels chunked and the server only
        // learns its size while reading it.
        let url = try #require(URL(string: server.baseURL.absoluteString + "/me"))
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBodyStream = InputStream(
          data: Data(repeating: UInt8(ascii: "x"), count: 100_000))
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 413)
        #expect(
          try JSONDecoder.api.decode(APIErrorBody.self, from: data).code
            == APIErrorBody.Code.payloadTooLarge)
      }
    }

    @Test func additionalRoutesShareTheErrorHandling() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      struct Unexpected: Error {}
      let server = try await APIServer.start(
        APIServerConfiguration(
          databasePath: path, dataset: .small, logger: quietLogger,
          additionalRoutes: { router in
            router.get("test/fail") { _, _ -> String in throw Unexpected() }
          }))
      let (status, data) = try await Self.send("/test/fail", to: server)
      #expect(status == 500)
      #expect(
        try JSONDecoder.api.decode(APIErrorBody.self, from: data).code
          == APIErrorBody.Code.internalError)
      try await server.shutdown()
    }

    // RFC 9112, section 9.6: when the server stops, every request it read is answered (those
    // pipelined behind the one in progress too), and the last answer says that the connection
    // closes after it, so a client sends nothing more there.
    @Test(arguments: [0, 2])
    func theLastAnswerWrittenWhileTheServerStopsSaysTheConnectionCloses(
      pipelined: Int
    ) async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let (started, didStart) = AsyncStream.makeStream(of: Void.self)
      let (released, release) = AsyncStream.makeStream(of: Void.self)
      let served = ServedCount()
      let server = try await APIServer.start(
        APIServerConfiguration(
          databasePath: path, dataset: .small, logger: quietLogger,
          additionalRoutes: { router in
            router.get("test/held") { _, _ -> String in
              served.add()
              didStart.yield()
              for await _ in released { break }
              return "done"
            }
            router.get("test/counted") { _, _ -> String in
              served.add()
              return "counted"
            }
          }))
      let port = server.port
      let exchange = Task {
        await onThread { () -> (String, Bool) in
          guard let connection = RawConnection(port: port) else { return ("", false) }
          connection.send(
            "GET /test/held HTTP/1.1\r\nHost: localhost\r\n\r\n"
              + String(
                repeating: "GET /test/counted HTTP/1.1\r\nHost: localhost\r\n\r\n",
                count: pipelined))
          let (bytes, closed) = connection.readAll()
          return (String(decoding: bytes, as: UTF8.self), closed)
        }
      }
      for await _ in started { break }
      let stopping = Task { try await server.shutdown() }
      // The server stops listening, then tells its connections to finish: once a new
      // connection is refused, the held request's connection has been told.
      let refused = await onThread {
        for _ in 0..<100 {
          // A probe that connects is closed at once (when it is freed).
          guard RawConnection(port: port) != nil else { return true }
          Thread.sleep(forTimeInterval: 0.05)
        }
        return false
      }
      #expect(refused)
      release.yield()
      let (text, closed) = await exchange.value
      try await stopping.value
      let answers = text.components(separatedBy: "HTTP/1.1 ").dropFirst()
      // Every request a route served was answered, the held one first.
      #expect(answers.count == served.value, "\(text)")
      #expect(answers.first?.hasSuffix("done") == true, "\(text)")
      #expect(answers.allSatisfy { $0.hasPrefix("200 ") }, "\(text)")
      #expect(
        answers.map { $0.lowercased().contains("\r\nconnection: close\r\n") }
          == Array(repeating: false, count: answers.count - 1) + [true], "\(text)")
      #expect(closed)
    }

    @Test func shutdownStopsListening() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let server = try await APIServer.start(
        APIServerConfiguration(databasePath: path, dataset: .small, logger: quietLogger))
      let (status, _) = try await Self.send("/health", to: server)
      #expect(status == 200)
      try await server.shutdown()
      await #expect(throws: (any Error).self) {
        _ = try await Self.send("/health", to: server)
      }
    }

    @Test func restartKeepsTheData() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let configuration = APIServerConfiguration(
        databasePath: path, dataset: .small, logger: quietLogger)
      let first = try await APIServer.start(configuration)
      #expect(first.datasetGenerationDuration != nil)
      let update = ProfileUpdate(displayName: "Kept", bio: "", email: "kept@example.com")
      _ = try await Self.send(
        "/me", to: first, method: "PUT", contentType: "application/json",
        body: try JSONEncoder.api.encode(update))
      try await first.shutdown()

      let second = try await APIServer.start(configuration)
      #expect(second.datasetGenerationDuration == nil)
      let (_, data) = try await Self.send("/me", to: second)
      #expect(try JSONDecoder.api.decode(UserProfile.self, from: data).displayName == "Kept")
      try await second.shutdown()
    }

    @Test func twoServersRunSideBySide() async throws {
      try await withLiveServer { first in
        try await withLiveServer { second in
          #expect(first.port != second.port)
          let firstHealth = try await Self.send("/health", to: first)
          let secondHealth = try await Self.send("/health", to: second)
          #expect(firstHealth.status == 200)
          #expect(secondHealth.status == 200)
        }
      }
    }

    @Test func busyPortIsAnError() async throws {
      try await withLiveServer { server in
        let path = temporaryDatabasePath()
        defer { removeDatabase(at: path) }
        await #expect(throws: (any Error).self) {
          let clash = try await APIServer.start(
            APIServerConfiguration(
              port: server.port, databasePath: path, dataset: .small, logger: quietLogger))
          try await clash.shutdown()
        }
      }
    }

    @Test func hummingbirdLiveTestingSetup() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let database = try APIDatabase(path: path)
      try database.seedIfEmpty(.small)
      let configuration = APIServerConfiguration(
        databasePath: path, dataset: .small, logger: quietLogger)
      let application = Application(
        router: APIServer.makeRouter(database: database, configuration: configuration),
        configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
        logger: quietLogger)
      try await application.test(.live) { client in
        let users: Page<User> = try await client.execute(uri: "/users?limit=3", method: .get)
          .decoded()
        #expect(users.items.map(\.id) == [1, 2, 3])
        let missing = try await client.execute(uri: "/users/0", method: .get)
        #expect(missing.status == .badRequest)
      }
    }
  }
}

/// How many requests the test routes served.
private final class ServedCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// One more request served.
  func add() { lock.withLock { count += 1 } }

  /// The requests served so far.
  var value: Int { lock.withLock { count } }
}

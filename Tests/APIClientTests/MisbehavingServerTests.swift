import APIClient
import APIClientLive
import Dependencies
import Foundation
import SharedModels
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension ClientSuite {
  /// The live client against servers that misbehave below HTTP: every fault ends, in time, in
  /// an ``APIError`` whose message a person can act on.
  @Suite("Misbehaving servers")
  struct MisbehavingServerTests {
    /// Longer than any answer here should take: a call still running then has hung.
    static let hangLimit: Duration = .seconds(8)

    /// The error of `client.me()` against `baseURL` with `timeout`, or `nil` (and a recorded
    /// issue) when the call is still running after ``hangLimit``.
    private func meError(
      baseURL: URL, timeout: Duration = .seconds(10),
      sourceLocation: SourceLocation = #_sourceLocation
    ) async -> APIError? {
      enum Outcome: Sendable {
        case finished(APIError?)
        case hung
      }
      let outcome = await withTaskGroup(of: Outcome.self) { group in
        group.addTask {
          await withDependencies {
            $0.apiConfiguration = APIConfiguration(baseURL: baseURL, timeout: timeout)
          } operation: {
            .finished(
              await apiError(sourceLocation: sourceLocation) {
                _ = try await APIClient.liveValue.me()
              })
          }
        }
        group.addTask {
          try? await Task.sleep(for: Self.hangLimit)
          return .hung
        }
        let first = await group.next() ?? .hung
        group.cancelAll()
        return first
      }
      switch outcome {
      case let .finished(error):
        return error
      case .hung:
        Issue.record(
          "The request was still running after \(Self.hangLimit)", sourceLocation: sourceLocation)
        return nil
      }
    }

    @Test func theDefaultTimeoutIsTenSeconds() {
      let configuration = APIConfiguration(baseURL: URL(string: "http://127.0.0.1:1")!)
      #expect(configuration.timeout == .seconds(10))
    }

    @Test func aServerThatAcceptsAndNeverAnswersTimesOut() async throws {
      try await withRawServer(.silent) { server in
        let clock = ContinuousClock()
        let start = clock.now
        let error = await meError(baseURL: server.baseURL, timeout: .milliseconds(300))
        #expect(error == .timedOut)
        #expect(error?.message == "The server took too long to answer. Please try again.")
        #expect(clock.now - start < Self.hangLimit)
      }
    }

    @Test func anAnswerCutOffMidBodyIsATransportError() async throws {
      let head =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n"
        + "Connection: close\r\n\r\n"
      try await withRawServer(.answer(head + #"{"id": 1, "handle": "al"#)) { server in
        let error = await meError(baseURL: server.baseURL)
        guard case .transport = error else {
          Issue.record("Expected a transport error, got \(String(describing: error))")
          return
        }
        #expect(
          error?.message
            == "Can't reach the server at \(server.baseURL.absoluteString). Check that it is running and try again."
        )
      }
    }

    @Test func bytesThatAreNotHTTPAreATransportError() async throws {
      try await withRawServer(.answer("SSH-2.0-OpenSSH_9.6\r\n\u{0}\u{FF}garbage\r\n\r\n")) {
        server in
        let error = await meError(baseURL: server.baseURL)
        guard case .transport = error else {
          Issue.record("Expected a transport error, got \(String(describing: error))")
          return
        }
      }
    }

    @Test func aServerErrorWithAnHTMLBodyIsAServerError() async throws {
      let body = "<html><body>Internal Server Error</body></html>"
      let answer =
        "HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/html\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
      try await withRawServer(.answer(answer)) { server in
        let error = await meError(baseURL: server.baseURL)
        #expect(error == .server(status: 500))
        #expect(error?.message == "The server ran into a problem (500). Please try again.")
      }
    }

    @Test func aSuccessfulAnswerThatIsNotJSONIsADecodingError() async throws {
      let body = "<html>maintenance</html>"
      let answer =
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
      try await withRawServer(.answer(answer)) { server in
        let error = await meError(baseURL: server.baseURL)
        guard case .decoding = error else {
          Issue.record("Expected a decoding error, got \(String(describing: error))")
          return
        }
        #expect(error?.message == "The server sent an answer we couldn't read.")
      }
    }

    @Test func waitingForASilentServerLeavesTheProcessorIdle() async throws {
      // A person whose server is slow must not pay a busy core until the timeout.
      try await withRawServer(.silent) { server in
        let wait = Duration.milliseconds(1_500)
        let before = processorTime()
        let error = await meError(baseURL: server.baseURL, timeout: wait)
        let used = processorTime() - before
        #expect(error == .timedOut)
        #expect(used < wait / 4, "The process used \(used) of processor time in a \(wait) wait")
      }
    }

    @Test func anAnswerInPiecesWithAnInterimStatusIsRead() async throws {
      let body = #"{"id": 1, "handle": "ada", "displayName": "Ada", "bio": "", "email": "a@b.c"}"#
      let answer =
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n"
      try await withRawServer(.answer(answer)) { server in
        let error = await meError(baseURL: server.baseURL)
        #expect(error == nil)
      }
    }

    @Test func aClosedPortIsATransportErrorAtOnce() async throws {
      // A port that was just free: nothing listens there.
      let port = try await withRawServer(.silent) { server in server.port }
      let error = await meError(
        baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(30))
      guard case .transport = error else {
        Issue.record("Expected a transport error, got \(String(describing: error))")
        return
      }
      #expect(
        error?.message
          == "Can't reach the server at http://127.0.0.1:\(port). Check that it is running and try again."
      )
    }
  }
}

/// The processor time this process has used so far, on every thread, in user and kernel mode.
private func processorTime() -> Duration {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  func duration(_ time: timeval) -> Duration {
    .seconds(time.tv_sec) + .microseconds(time.tv_usec)
  }
  return duration(usage.ru_utime) + duration(usage.ru_stime)
}

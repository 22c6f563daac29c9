import APIServer
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What happened to connections that sent a request head one byte at a time.
private struct SlowHeadOutcome: Sendable {
  /// How long after connecting each connection was closed by the server (`nil`: still open
  /// when the client gave up).
  var closedAfter: [Duration?]
  /// Whether any connection got an answer (its head never ended, so none should).
  var answered: Bool
}

/// Opens `count` connections and sends, on each, one more byte of a request head that never
/// ends every `interval`, for at most `giveUpAfter`, noting when the server closes each.
private func sendHeadsSlowly(
  port: Int, count: Int, interval: Duration, giveUpAfter: Duration
) -> SlowHeadOutcome {
  let head = Array(
    ("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + String(repeating: "a", count: 100))
      .utf8)
  let start = ContinuousClock.now
  let connections = (0..<count).compactMap { _ in RawConnection(port: port) }
  var closedAfter = [Duration?](repeating: nil, count: connections.count)
  var answered = false
  var sent = 0
  var buffer = [UInt8](repeating: 0, count: 4096)
  while ContinuousClock.now - start < giveUpAfter, closedAfter.contains(where: { $0 == nil }) {
    for (index, connection) in connections.enumerated() where closedAfter[index] == nil {
      connection.send([head[sent % head.count]])
    }
    sent += 1
    // Wait for the next byte's time, noting each connection the server closes meanwhile.
    let next = ContinuousClock.now + interval
    while ContinuousClock.now < next {
      let open = connections.indices.filter { closedAfter[$0] == nil }
      guard !open.isEmpty else { break }
      var descriptors = open.map {
        pollfd(fd: connections[$0].socket, events: Int16(POLLIN), revents: 0)
      }
      let milliseconds = Int32(max(1, (next - ContinuousClock.now) / .milliseconds(1)))
      guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { continue }
      for (slot, index) in open.enumerated() where descriptors[slot].revents != 0 {
        let received = recv(connections[index].socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if received > 0 { answered = true }
        if received == 0 || (received < 0 && errno != EAGAIN && errno != EINTR) {
          closedAfter[index] = ContinuousClock.now - start
        }
      }
    }
  }
  return SlowHeadOutcome(closedAfter: closedAfter, answered: answered)
}

/// Sends a request head announcing a `length`-byte body, then the body one byte every
/// `interval` until the server answers or `giveUpAfter` passes; returns the answer, how long
/// it took, and whether the connection was closed after it.
private func sendBodySlowly(
  port: Int, head: String, length: Int, interval: Duration, giveUpAfter: Duration
) -> (response: RawResponse?, elapsed: Duration, closed: Bool) {
  let start = ContinuousClock.now
  guard let connection = RawConnection(port: port) else { return (nil, .zero, false) }
  connection.send(head + "Content-Length: \(length)\r\n\r\n")
  var sent = 0
  while sent < length, ContinuousClock.now - start < giveUpAfter {
    connection.send("x")
    sent += 1
    var descriptor = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, Int32(interval / .milliseconds(1))) > 0 { break }
  }
  let response = connection.readResponse()
  let elapsed = ContinuousClock.now - start
  return (response, elapsed, connection.isClosed(within: .seconds(5)))
}

extension ServerSuite {
  @Suite("Slow and idle clients")
  struct SlowClientTests {
    @Test func headsSentAByteASecondDoNotHoldOtherClientsAndAreCutOff() async throws {
      try await withLiveServer(idleTimeout: .seconds(2)) { server in
        let port = server.port
        let slow = Task {
          await onThread {
            sendHeadsSlowly(port: port, count: 20, interval: .seconds(1), giveUpAfter: .seconds(15))
          }
        }
        // While 20 connections dribble their heads, everyone else is answered.
        try await Task.sleep(for: .milliseconds(300))
        for _ in 0..<5 {
          let (status, _) = try await LiveServerTests.send("/users?limit=5", to: server)
          #expect(status == 200)
          try await Task.sleep(for: .milliseconds(200))
        }
        let outcome = await slow.value
        #expect(outcome.closedAfter.count == 20)
        #expect(!outcome.answered)
        for closedAfter in outcome.closedAfter {
          // Closed by the idle timeout (2 s) counted from the connection's start: the bytes of
          // an unfinished head do not reset it.
          let closed = try #require(closedAfter, "a slow connection was never closed")
          #expect(closed >= .milliseconds(1_900))
          #expect(closed < .seconds(6))
        }
        let (status, _) = try await LiveServerTests.send("/health", to: server)
        #expect(status == 200)
      }
    }

    @Test func anIdleKeptAliveConnectionIsClosed() async throws {
      try await withLiveServer(idleTimeout: .seconds(1)) { server in
        let port = server.port
        let (status, closed, elapsed) = await onThread {
          () -> (Int?, Bool, Duration) in
          guard let connection = RawConnection(port: port) else { return (nil, false, .zero) }
          connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
          let status = connection.readResponse()?.status
          let start = ContinuousClock.now
          let closed = connection.isClosed(within: .seconds(8))
          return (status, closed, ContinuousClock.now - start)
        }
        #expect(status == 200)
        #expect(closed)
        #expect(elapsed >= .milliseconds(900))
      }
    }

    @Test func aBodySentAByteAtATimeIsRefusedWith408AndClosed() async throws {
      var limits = APILimits()
      limits.bodyTimeout = .seconds(1)
      try await withLiveServer(limits: limits) { server in
        let port = server.port
        let before = try await server.database.profile()
        let outcome = await onThread {
          sendBodySlowly(
            port: port,
            head: "PUT /me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n",
            length: 500, interval: .milliseconds(200), giveUpAfter: .seconds(20))
        }
        #expect(outcome.response?.status == 408, "\(outcome.response?.raw.prefix(120) ?? "none")")
        #expect(outcome.response?.body.contains("request_timeout") == true)
        #expect(outcome.elapsed < .seconds(6))
        #expect(outcome.closed)
        #expect(try await server.database.profile() == before)
        let (status, _) = try await LiveServerTests.send("/health", to: server)
        #expect(status == 200)
      }
    }

    @Test func aBodyARouteDoesNotReadIsCutOffWhenItDribbles() async throws {
      try await withLiveServer { server in
        let port = server.port
        let outcome = await onThread {
          sendBodySlowly(
            port: port, head: "POST /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n",
            length: 500, interval: .milliseconds(200), giveUpAfter: .seconds(20))
        }
        // Drained for at most BodyDrain.maximumDuration (2 s), answered, then closed.
        #expect(outcome.response?.status == 404, "\(outcome.response?.raw.prefix(120) ?? "none")")
        #expect(outcome.elapsed < .seconds(6))
        #expect(outcome.closed)
      }
    }

    /// A request a route answers without reading its body.
    struct UnreadBodyCase: Sendable, CustomTestStringConvertible {
      var method: String
      var target: String
      var status: Int

      var testDescription: String { "\(method) \(target) → \(status)" }
    }

    @Test(arguments: [
      UnreadBodyCase(method: "POST", target: "/nowhere", status: 404),
      UnreadBodyCase(method: "POST", target: "/users", status: 405),
      UnreadBodyCase(method: "GET", target: "/users?limit=0", status: 400),
      UnreadBodyCase(method: "GET", target: "/health", status: 200),
    ])
    func aLargeBodyARouteDoesNotReadIsDrainedLikeAnOversizedUpload(
      _ testCase: UnreadBodyCase
    ) async throws {
      try await withLiveServer { server in
        let port = server.port
        let outcome = await onThread {
          uploadLikeURLLib(
            port: port, bodySize: 48 * 1024 * 1024, contentType: "application/json",
            method: testCase.method, target: testCase.target)
        }
        #expect(!outcome.timedOut, "the client blocked until its own timeout")
        #expect(
          outcome.response.hasPrefix("HTTP/1.1 \(testCase.status)"),
          "\(outcome.response.prefix(80))")
        #expect(outcome.elapsed < .seconds(8))
        let (status, _) = try await LiveServerTests.send("/health", to: server)
        #expect(status == 200)
      }
    }
  }
}

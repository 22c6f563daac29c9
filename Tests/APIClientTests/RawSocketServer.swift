import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP server on a free loopback port that misbehaves on purpose, below HTTP: it accepts
/// every connection and then does only what its ``Behaviour`` says, for the faults a real
/// server can show a client (silence, a cut-off answer, bytes that are not HTTP).
final class RawSocketServer: @unchecked Sendable {
  /// What the server does with each connection it accepts.
  enum Behaviour: Sendable {
    /// Keeps the connection open and never reads or writes: a hung server.
    case silent
    /// Writes `bytes`, then closes the connection.
    case answer(String)
    /// Reads the request head, writes `bytes` without reading the body, then ends its side
    /// (as a server refusing a body too large does) and closes once the client has.
    case answerBeforeTheBody(String)
  }

  /// The port the server listens on.
  let port: UInt16
  /// `http://127.0.0.1:<port>`.
  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  private let listener: Int32
  private let lock = NSLock()
  private var held: [Int32] = []
  private var isStopped = false

  /// Listens on a free loopback port and starts accepting connections.
  init(_ behaviour: Behaviour) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(listener, socketAddress, length) == 0
          && listen(listener, 16) == 0
          && getsockname(listener, socketAddress, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      close(listener)
      throw POSIXError(.init(rawValue: code) ?? .EIO)
    }
    self.listener = listener
    self.port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop(behaviour) }
    thread.name = "raw-socket-server"
    thread.start()
  }

  /// Stops accepting and closes every connection still open.
  func stop() {
    let descriptors = lock.withLock { () -> [Int32] in
      guard !isStopped else { return [] }
      isStopped = true
      defer { held = [] }
      return held + [listener]
    }
    for descriptor in descriptors {
      shutdown(descriptor, Int32(SHUT_RDWR))
      close(descriptor)
    }
  }

  deinit { stop() }

  private func acceptLoop(_ behaviour: Behaviour) {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR { continue }
        return
      }
      switch behaviour {
      case .silent:
        let kept = lock.withLock { () -> Bool in
          guard !isStopped else { return false }
          held.append(connection)
          return true
        }
        if !kept { close(connection) }
      case let .answer(text):
        readRequestHead(connection)
        sendAll(text, on: connection)
        shutdown(connection, Int32(SHUT_RDWR))
        close(connection)
      case let .answerBeforeTheBody(text):
        readRequestHead(connection)
        sendAll(text, on: connection)
        shutdown(connection, Int32(SHUT_WR))
        // Read whatever the client sends until it closes, so closing resets nothing.
        Thread {
          var buffer = [UInt8](repeating: 0, count: 4096)
          while recv(connection, &buffer, buffer.count, 0) > 0 {}
          close(connection)
        }.start()
      }
    }
  }
}

/// Writes all of `text` to `connection`, or as much as it takes before the connection fails.
private func sendAll(_ text: String, on connection: Int32) {
  let bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { buffer in
      send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
    }
    guard written > 0 else { break }
    offset += written
  }
}

/// Reads what the client sent up to the end of its request head (the first empty line), so
/// that closing afterwards is an orderly end of the answer, not a reset of unread input.
private func readRequestHead(_ connection: Int32) {
  var received: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1024)
  while received.count < 64 * 1024 {
    let count = recv(connection, &buffer, buffer.count, 0)
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { return }
    received += buffer[..<count]
    if received.count >= 4, received.suffix(4) == [13, 10, 13, 10] { return }
  }
}

/// Runs `body` against a ``RawSocketServer`` behaving as `behaviour`, stopping it afterwards.
func withRawServer<T>(
  _ behaviour: RawSocketServer.Behaviour, _ body: (RawSocketServer) async throws -> T
) async throws -> T {
  let server = try RawSocketServer(behaviour)
  defer { server.stop() }
  return try await body(server)
}

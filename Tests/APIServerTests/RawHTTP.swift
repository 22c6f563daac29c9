import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs blocking work (socket calls, sleeps) on a thread of its own, so it never holds one of
/// the few threads Swift concurrency shares with the server under test.
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: work()) }.start()
  }
}

/// Sends `request` on a new connection and reads its answer; then says whether the server
/// closed the connection within `wait` (the idle timeout, 30 s, is far beyond it).
func exchangeThenWatchClose(
  _ request: String, port: Int, wait: Duration = .seconds(3)
) async -> (response: RawResponse?, closed: Bool) {
  await onThread {
    guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
      return (nil, false)
    }
    connection.send(request)
    let response = connection.readResponse()
    return (response, connection.isClosed(within: wait))
  }
}

/// An answer read off a raw socket.
struct RawResponse: Sendable {
  /// The status code of the first status line.
  var status: Int
  /// The header fields of the first answer, names lowercased.
  var headers: [String: String]
  /// The body of the first answer (by its `Content-Length`).
  var body: String
  /// Everything read, answers after the first included.
  var raw: String

  /// Parses the first answer in `bytes`; `nil` when they hold no complete status line.
  init?(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    raw = text
    guard let headEnd = text.range(of: "\r\n\r\n") else { return nil }
    let lines = text[..<headEnd.lowerBound].components(separatedBy: "\r\n")
    let statusLine = lines[0].split(separator: " ")
    guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let code = Int(statusLine[1])
    else { return nil }
    status = code
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    headers = fields
    let rest = text[headEnd.upperBound...]
    let length = fields["content-length"].flatMap { Int($0) } ?? rest.utf8.count
    body = String(decoding: Array(rest.utf8.prefix(length)), as: UTF8.self)
  }
}

/// A TCP connection to a loopback port that sends exactly the bytes it is given: what an HTTP
/// client library would refuse to send or would quietly repair.
final class RawConnection: @unchecked Sendable {
  /// The socket; every call on a connection comes from one thread at a time.
  let socket: Int32

  /// Connects to `127.0.0.1:port`; receives give up after `receiveTimeout`.
  init?(port: Int, receiveTimeout: Duration = .seconds(10), sendBuffer: Int32? = nil) {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = sendBuffer {
      setsockopt(socket, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    let seconds = receiveTimeout.components.seconds
    var timeout = timeval(tv_sec: Int(seconds), tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      return nil
    }
  }

  deinit { close(socket) }

  /// Sends all of `bytes`; `false` when the server closed the connection or a send timed out.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent > 0 {
        offset += sent
      } else if errno != EINTR {
        return false
      }
    }
    return true
  }

  /// Sends the UTF-8 bytes of `text`.
  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Whether the server has closed the connection, waiting at most `timeout` for it; data
  /// that arrives meanwhile is read and dropped.
  func isClosed(within timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now + timeout
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      let left = deadline - ContinuousClock.now
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(max(1, left / .milliseconds(1)))
      guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
      let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return true }
    }
    return false
  }

  /// Reads until the server closes the connection or a receive times out.
  func readAll() -> (bytes: [UInt8], closed: Bool) {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count > 0 {
        received += buffer[..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return (received, count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
      }
    }
  }

  /// Reads until the end of an answer's head (an interim `100 Continue` has nothing after it),
  /// returning what was read; `nil` when nothing came before the connection closed or a
  /// receive timed out.
  func readHead() -> String? {
    var received: [UInt8] = []
    var byte: UInt8 = 0
    while !received.suffix(4).elementsEqual("\r\n\r\n".utf8) {
      let count = recv(socket, &byte, 1, 0)
      if count == 1 {
        received.append(byte)
      } else if !(count < 0 && errno == EINTR) {
        break
      }
    }
    return received.isEmpty ? nil : String(decoding: received, as: UTF8.self)
  }

  /// Reads one answer: its head, then as many body bytes as its `Content-Length` says.
  func readResponse() -> RawResponse? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      if let response = RawResponse(received),
        let length = response.headers["content-length"].flatMap({ Int($0) }),
        let headEnd = response.raw.range(of: "\r\n\r\n"),
        response.raw[headEnd.upperBound...].utf8.count >= length
      {
        return response
      }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count > 0 {
        received += buffer[..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return RawResponse(received)
      }
    }
  }

  /// Sends `request` on a new connection and reads the first answer (`nil` when the server
  /// closed the connection, or a receive timed out, before a whole status line arrived).
  static func exchange(_ request: [UInt8], port: Int) -> RawResponse? {
    guard let connection = RawConnection(port: port, receiveTimeout: .seconds(5)) else {
      return nil
    }
    connection.send(request)
    return connection.readResponse()
  }

  /// ``exchange(_:port:)`` with the UTF-8 bytes of `request`.
  static func exchange(_ request: String, port: Int) -> RawResponse? {
    exchange(Array(request.utf8), port: port)
  }
}

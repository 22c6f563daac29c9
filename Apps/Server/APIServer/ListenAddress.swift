#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the server can listen on an address, checked before it opens its database so that a
/// busy port or a wrong host fails at once, not after the dataset was generated.
enum ListenAddress {
  /// Why `host:port` cannot be listened on, or `nil` when a trial bind succeeds.
  ///
  /// The check binds a socket the way NIO's server bootstrap does (with `SO_REUSEADDR`, so
  /// connections of an earlier server still in `TIME_WAIT` do not count) and closes it. Another
  /// process can still take the port between the check and the server's own bind;
  /// ``APIServer/start(_:)`` reports that as ``APIServerError/portInUse(_:)`` too. A failure the
  /// check does not recognize is left for the server's own bind to report.
  static func problem(host: String, port: Int) -> APIServerError? {
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var result: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &result) == 0, let address = result else {
      return .unusableAddress(host: host, reason: "it is not a known host name or address")
    }
    defer { freeaddrinfo(result) }
    let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, 0)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var reuse: Int32 = 1
    setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 else {
      return nil
    }
    switch errno {
    case EADDRINUSE:
      return .portInUse(port)
    case EADDRNOTAVAIL:
      return .unusableAddress(host: host, reason: "it is not an address of this machine")
    case EACCES:
      return .unusableAddress(
        host: host, reason: "port \(port) needs privileges (ports below 1024 do)")
    default:
      return nil
    }
  }
}

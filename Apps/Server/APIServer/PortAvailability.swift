#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a TCP port can be listened on, checked before the server opens its database so that
/// a busy port fails at once, not after the dataset was generated.
enum PortAvailability {
  /// Whether binding `host:port` fails because another socket listens there.
  ///
  /// The check binds a socket the way NIO's server bootstrap does (with `SO_REUSEADDR`, so
  /// connections of an earlier server still in `TIME_WAIT` do not count) and closes it. A host
  /// that does not resolve, or any other failure, is `false`: starting the server reports it.
  /// Another process can still take the port between the check and the server's own bind;
  /// ``APIServer/start(_:)`` reports that as ``APIServerError/portInUse(_:)`` too.
  static func isInUse(host: String, port: Int) -> Bool {
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
      return false
    }
    defer { freeaddrinfo(result) }
    let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var reuse: Int32 = 1
    setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 else {
      return false
    }
    return errno == EADDRINUSE
  }
}

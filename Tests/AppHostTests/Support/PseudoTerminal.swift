import AppHost
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal pair opened for one test.
struct PseudoTerminal {
  var primary: Int32
  var secondary: Int32

  init() throws {
    var primary: Int32 = -1
    var secondary: Int32 = -1
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&primary, &secondary, nil, nil, &size) == 0 else {
      throw TerminalError.system("openpty", errno)
    }
    self.primary = primary
    self.secondary = secondary
  }

  func close() {
    _ = Glibc.close(primary)
    _ = Glibc.close(secondary)
  }

  /// What the program wrote to the terminal so far.
  func output() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
    while poll(&descriptor, 1, 50) > 0 {
      let count = read(primary, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func settings() -> termios {
    var settings = termios()
    _ = tcgetattr(secondary, &settings)
    return settings
  }
}

import AppHost
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal pair opened for one test.
private struct PseudoTerminal {
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

@Suite(.serialized)
struct TerminalSessionTests {
  @Test
  func aSessionTakesTheTerminalAndGivesItBackAsFound() throws {
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    let before = terminal.settings()

    let session = try TerminalSession(input: terminal.secondary, output: terminal.secondary)
    let raw = terminal.settings()
    #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
    #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
    #expect(session.size == TerminalSize(width: 100, height: 30))
    let entered = terminal.output()
    #expect(entered.contains("\u{1B}[?1049h"))
    // Wrapping is off while the app draws, so a line never spills onto the next one.
    #expect(entered.contains("\u{1B}[?7l"))

    session.restore()
    session.restore()
    let after = terminal.settings()
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
    let output = terminal.output()
    #expect(output.components(separatedBy: "\u{1B}[?1049l").count == 2)
    #expect(output.contains("\u{1B}[?25h"))
    #expect(output.contains("\u{1B}[?7h"))
  }

  @Test
  func releasingASessionRestoresTheTerminal() throws {
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    let before = terminal.settings()
    do {
      _ = try TerminalSession(input: terminal.secondary, output: terminal.secondary)
    }
    #expect(terminal.settings().c_lflag == before.c_lflag)
  }

  @Test
  func aFileIsNotATerminal() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    #expect(FileManager.default.createFile(atPath: path.path, contents: Data()))
    defer { try? FileManager.default.removeItem(at: path) }
    let handle = try FileHandle(forReadingFrom: path)
    defer { try? handle.close() }
    #expect(throws: TerminalError.notATerminal) {
      try TerminalSession(input: handle.fileDescriptor, output: handle.fileDescriptor)
    }
  }
}

import AppHost
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized)
struct TerminalSessionTests {
  @Test
  func suspendingGivesTheTerminalBackUntilTheAppContinues() throws {
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    let before = terminal.settings()
    let session = try TerminalSession(input: terminal.secondary, output: terminal.secondary)
    _ = terminal.output()

    var whileStopped: (settings: termios, output: String)?
    session.suspend {
      whileStopped = (terminal.settings(), terminal.output())
    }
    let stopped = try #require(whileStopped)
    #expect(stopped.settings.c_lflag == before.c_lflag)
    #expect(stopped.output.contains("\u{1B}[?1049l"))
    #expect(stopped.output.contains("\u{1B}[?25h"))

    let resumed = terminal.settings()
    #expect(resumed.c_lflag & tcflag_t(ECHO | ICANON) == 0)
    #expect(terminal.output().contains("\u{1B}[?1049h"))
    session.restore()
    #expect(terminal.settings().c_lflag == before.c_lflag)
  }

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

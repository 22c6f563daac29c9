import AppHost
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Keys typed while the app prepares (the first run generating its database), before it takes
/// the screen: not echoed, and gone once the terminal is given back.
@Suite(.serialized)
struct QuietInputTests {
  /// Types `text` on the terminal, as the person would.
  private func type(_ text: String, on terminal: PseudoTerminal) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(terminal.primary, $0.baseAddress, $0.count) }
  }

  /// Whether a line typed on the terminal is waiting to be read.
  private func hasInput(_ terminal: PseudoTerminal) -> Bool {
    var descriptor = pollfd(fd: terminal.secondary, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 100) > 0
  }

  @Test
  func aTerminalEchoesWhatIsTypedAndKeepsIt() throws {
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    type("jjk\r", on: terminal)
    #expect(terminal.output().contains("jjk"))
    #expect(hasInput(terminal))
  }

  @Test
  func whatIsTypedMeanwhileIsNotEchoedAndIsDiscardedWhenTheTerminalIsGivenBack() throws {
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    let before = terminal.settings()
    let quiet = try #require(QuietInput(descriptor: terminal.secondary))
    #expect(terminal.settings().c_lflag & tcflag_t(ECHO) == 0)

    type("jjk\r", on: terminal)
    #expect(!terminal.output().contains("jjk"))

    quiet.restore()
    quiet.restore()
    let after = terminal.settings()
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(!hasInput(terminal))
  }

  @Test
  func theSignalsThatEndTheProcessPutTheTerminalBackOnlyMeanwhile() throws {
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    func handlesSIGHUP() -> Bool {
      var current = sigaction()
      sigaction(SIGHUP, nil, &current)
      return current.__sigaction_handler.sa_handler != nil
    }
    let handledBefore = handlesSIGHUP()
    let quiet = try #require(QuietInput(descriptor: terminal.secondary))
    #expect(handlesSIGHUP())
    quiet.restore()
    #expect(handlesSIGHUP() == handledBefore)
  }

  @Test
  func anInputThatIsNotATerminalIsLeftAlone() {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer { descriptors.forEach { _ = close($0) } }
    #expect(QuietInput(descriptor: descriptors[0]) == nil)
  }
}

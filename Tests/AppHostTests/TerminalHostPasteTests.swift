import AppHost
import ComposableArchitecture
import Foundation
import TerminalUI
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An app that records the keys it is given; its screen takes text when `takesText` says so.
@MainActor
private final class RecordingApp: HostedApp {
  var keys: [Key] = []
  let takesText: Bool

  init(takesText: Bool) {
    self.takesText = takesText
  }

  var tabNames: [String] { [] }

  func screen(in context: RenderContext) -> Screen {
    Screen(width: context.width, height: context.height, lines: [StyledLine("keys")])
  }

  func handle(_ key: Key) -> KeyOutcome {
    keys.append(key)
    return .handled
  }

  func selectTab(_ index: Int) -> StoreTask? { nil }

  var stateDump: String { "" }

  var isAnimating: Bool { false }
}

@MainActor
@Suite(.serialized)
struct TerminalHostPasteTests {
  /// The keys `app` was given for `input`, written to the terminal in one go, then ctrl-c.
  private func keys(of app: RecordingApp, for input: String) async throws -> [Key] {
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    let session = try TerminalSession(input: terminal.secondary, output: terminal.secondary)
    let host = TerminalHost(app: app, session: session, theme: .monochrome)
    let running = Task { await host.run() }
    try await Task.sleep(for: .milliseconds(100))
    let output = terminal.output()
    #expect(output.contains("\u{1B}[?2004h"), "bracketed paste is turned on")
    let bytes = Array(input.utf8)
    _ = bytes.withUnsafeBytes { write(terminal.primary, $0.baseAddress, bytes.count) }
    try await Task.sleep(for: .milliseconds(200))
    _ = write(terminal.primary, "\u{03}", 1)
    await running.value
    #expect(terminal.output().contains("\u{1B}[?2004l"), "and off again")
    return app.keys
  }

  @Test
  func aPasteIsTypedIntoATextFieldWithItsLineBreaksAndTabsAsSpaces() async throws {
    let app = RecordingApp(takesText: true)
    let keys = try await keys(of: app, for: "\u{1B}[200~ab\tc\r\nq\u{7}!\u{1B}[201~x")
    // "\r\n" is one line break, so one space.
    #expect(keys == "ab c q!x".map { .character($0) })
  }

  @Test
  func aPasteOnAScreenWithoutATextFieldIsIgnored() async throws {
    let app = RecordingApp(takesText: false)
    let keys = try await keys(of: app, for: "\u{1B}[200~jjq\r\u{1B}[201~k")
    #expect(keys == [.character("k")])
  }
}

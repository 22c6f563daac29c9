import AppHost
import ComposableArchitecture
import Foundation
import Observation
import TerminalUI
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A value changed from another thread, slowly: observers hear of the change when it starts,
/// and the new value is there 30 ms later (as a settings file read on the file-watching queue).
private final class SlowlyChangedValue: Observable, @unchecked Sendable {
  private let registrar = ObservationRegistrar()
  private let lock = NSLock()
  private var storedText = "before"

  var text: String {
    registrar.access(self, keyPath: \.text)
    return lock.withLock { storedText }
  }

  func change(to text: String) {
    registrar.withMutation(of: self, keyPath: \.text) {
      Thread.sleep(forTimeInterval: 0.03)
      lock.withLock { storedText = text }
    }
  }
}

/// An app showing the value; `q` quits.
@MainActor
private final class ValueApp: HostedApp {
  let value: SlowlyChangedValue

  init(value: SlowlyChangedValue) {
    self.value = value
  }

  var tabNames: [String] { [] }

  func screen(in context: RenderContext) -> Screen {
    Screen(
      width: context.width, height: context.height, lines: [StyledLine("value: \(value.text)")])
  }

  func handle(_ key: Key) -> KeyOutcome { key == .character("q") ? .quit : .handled }

  func selectTab(_ index: Int) -> StoreTask? { nil }

  var stateDump: String { value.text }

  var isAnimating: Bool { false }

  var takesText: Bool { false }
}

@MainActor
@Suite(.serialized)
struct TerminalHostRedrawTests {
  @Test
  func aChangeMadeOnAnotherThreadIsDrawnEvenIfItLandsAfterTheFrameForItsReport() async throws {
    let terminal = try PseudoTerminal()
    defer { terminal.close() }
    let value = SlowlyChangedValue()
    let session = try TerminalSession(input: terminal.secondary, output: terminal.secondary)
    let host = TerminalHost(app: ValueApp(value: value), session: session, theme: .monochrome)
    let running = Task { await host.run() }
    try await Task.sleep(for: .milliseconds(200))
    #expect(terminal.output().contains("value: before"))

    Thread.detachNewThread { value.change(to: "after") }
    try await Task.sleep(for: .milliseconds(400))
    let output = terminal.output()
    _ = write(terminal.primary, "q", 1)
    await running.value
    #expect(output.contains("value: after"))
  }
}

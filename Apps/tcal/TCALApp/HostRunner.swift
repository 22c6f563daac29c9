import AppHost
import ComposableArchitecture
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Drives a hosted app full-screen when standard input and output are a terminal (and line
/// mode is not asked for), else line by line.
@MainActor
enum HostRunner {
  /// Whether the app runs full-screen: standard input and output are a terminal, and line mode
  /// is not asked for.
  static func isFullScreen(lineMode: Bool) -> Bool {
    !lineMode && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Runs `app` until it quits; `start` is the task of its first action, which line mode
  /// waits for before printing the first screen.
  static func run(
    _ app: any HostedApp,
    theme: Theme,
    start: StoreTask,
    lineMode: Bool,
    environment: [String: String]
  ) async throws {
    if isFullScreen(lineMode: lineMode) {
      let session = try TerminalSession()
      // Issues reported while the screen is drawn are written once the terminal is restored.
      await HeldIssueReporter().holding(skipping: TCALCommand.isToldByTheApp) {
        await TerminalHost(app: app, session: session, theme: theme).run()
      }
      return
    }
    let host = LineModeHost(
      app: app,
      size: TerminalSize(
        width: environment["COLUMNS"].flatMap(Int.init).map { min(max($0, 20), 500) } ?? 100,
        height: environment["LINES"].flatMap(Int.init).map { min(max($0, 5), 500) } ?? 30),
      output: { text in
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
      },
      error: { message in
        FileHandle.standardError.write(Data("tcal: \(message)\n".utf8))
      })
    await host.settle([start])
    try await host.run(lines: StandardInput.lines())
  }
}

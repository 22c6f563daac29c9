import AppHost
import ComposableArchitecture
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Drives a hosted app full-screen when standard input and output are a terminal that can
/// draw a screen (and line mode is not asked for), else line by line.
@MainActor
enum HostRunner {
  /// Whether the app runs full-screen: standard input and output are a terminal that can
  /// address its cursor (`TERM` is not `dumb`), and line mode is not asked for.
  static func isFullScreen(lineMode: Bool, environment: [String: String]) -> Bool {
    !lineMode && !isDumbTerminal(environment) && isatty(STDIN_FILENO) == 1
      && isatty(STDOUT_FILENO) == 1
  }

  /// Whether `TERM` says the terminal cannot move its cursor or draw colours (`dumb`, as in
  /// Emacs' shell buffers): the app then reads commands line by line, as through a pipe.
  static func isDumbTerminal(_ environment: [String: String]) -> Bool {
    environment["TERM"] == "dumb"
  }

  /// The signals line mode follows, handled for the rest of the process rather than only while
  /// the commands run: a signal can come twice (`timeout` sends it to the app and then to its
  /// process group), and the second must not find the default action back while the app is
  /// still stopping its server and removing its throwaway database.
  private static let lineModeSignals = SignalEvents()

  /// Runs `app` until it quits; `start` is the task of its first action, which line mode
  /// waits for before printing the first screen.
  static func run(
    _ app: any HostedApp,
    theme: Theme,
    start: StoreTask,
    lineMode: Bool,
    environment: [String: String]
  ) async throws {
    if isFullScreen(lineMode: lineMode, environment: environment) {
      let session = try TerminalSession()
      // Issues reported while the screen is drawn are written once the terminal is restored.
      await HeldIssueReporter().holding(skipping: TCALCommand.isToldByTheApp) {
        await TerminalHost(app: app, session: session, theme: theme).run()
      }
      return
    }
    let standard = StandardOutput()
    // `COLUMNS` and `LINES`, else the terminal's size when the screens go to one (`--line-mode`,
    // `TERM=dumb`), else 100×30.
    let terminal = TerminalSize.of(descriptor: STDOUT_FILENO)
    let host = LineModeHost(
      app: app,
      size: TerminalSize(
        width: min(
          max(environment["COLUMNS"].flatMap(Int.init) ?? terminal?.width ?? 100, 20), 500),
        height: min(
          max(environment["LINES"].flatMap(Int.init) ?? terminal?.height ?? 30, 5), 500)),
      output: { text in standard.write(text + "\n") },
      error: { message in standard.writeError("tcal: \(message)\n") })
    await host.settle([start])
    // Said under the first screen, where the person types the first command.
    let isDumb = !lineMode && isDumbTerminal(environment) && isatty(STDIN_FILENO) == 1
    // Once nothing reads the screens any more (`| head`), the commands end, as input does; and
    // so they do on SIGINT, SIGTERM or SIGHUP.
    let signals = lineModeSignals
    try await host.run(
      lines: StandardInput.lines(until: signals).prefix { _ in !standard.isClosed },
      note: isDumb ? "TERM=dumb, so commands are read line by line; type help." : nil)
  }
}

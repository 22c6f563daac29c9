import AppFeature
import AppHost
import ArgumentParser
import ComposableArchitecture
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// `--feature NAME` (one feature alone) and `--mock` (the test doubles, no server).
extension TCALCommand {
  /// Checks `--feature`, `--user` and `--mock` against each other and the other options.
  func validateIsolation() throws {
    let choice = try feature.map { name in
      do {
        return try FeatureChoice.named(name)
      } catch {
        throw ValidationError("\(error)")
      }
    }
    if let userID {
      guard choice == .userDetail else {
        throw ValidationError("--user applies to --feature user-detail only.")
      }
      guard userID > 0 else {
        throw ValidationError("--user must be a user id, a whole number from 1.")
      }
    }
    if mock, apiURL != nil || dataDirectory != nil || inMemory {
      throw ValidationError(
        "--mock starts no server: --api-url, --data-dir and --in-memory do not apply.")
    }
    if feature != nil, logActionsPath != nil {
      throw ValidationError(
        "--log-actions records the composed app; it does not apply with --feature.")
    }
  }
}

/// Drives a hosted app full-screen when standard input and output are a terminal (and line
/// mode is not asked for), else line by line.
@MainActor
enum HostRunner {
  /// Runs `app` until it quits; `start` is the task of its first action, which line mode
  /// waits for before printing the first screen.
  static func run(
    _ app: any HostedApp,
    theme: Theme,
    start: StoreTask,
    lineMode: Bool,
    environment: [String: String]
  ) async throws {
    let interactive = !lineMode && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    if interactive {
      let session = try TerminalSession()
      await TerminalHost(app: app, session: session, theme: theme).run()
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

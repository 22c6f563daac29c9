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
  /// Whether the run is one of these rather than the composed app on its server.
  var runsIsolated: Bool {
    feature != nil || mock
  }

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
    if runsIsolated, logActionsPath != nil {
      throw ValidationError(
        "--log-actions records the composed app on its live clients; it does not apply with "
          + "--feature or --mock.")
    }
  }

  /// Runs the feature chosen with `--feature` (or the composed app with `--mock`) in the same
  /// hosts as the composed app.
  @MainActor
  func runIsolated() async throws {
    let environment = ProcessInfo.processInfo.environment
    let directories = AppDirectories.xdg(environment: environment)
    let backend: Backend?
    let source: ClientSource
    if mock {
      backend = nil
      source = .mock
    } else {
      let started = try await Backend.start(
        apiURL: apiURL.flatMap(URL.init(string:)),
        storage: inMemory
          ? .temporary
          : .directory(dataDirectory.map { URL(fileURLWithPath: $0) } ?? directories.data))
      backend = started
      source = .live(baseURL: started.baseURL, settingsDirectory: directories.config)
    }
    let forcesMonochrome = noColor || !(environment["NO_COLOR"] ?? "").isEmpty
    let app: any HostedApp
    let start: StoreTask
    let theme: Theme
    if let name = feature {
      (app, start) = CompositionRoot.makeFeatureApp(
        try FeatureChoice.named(name), clients: source,
        userID: userID ?? FeatureChoice.defaultUserID)
      theme = forcesMonochrome ? .monochrome : .default
    } else {
      let store = CompositionRoot.makeStore(clients: source)
      let composed = ComposedApp(store: store, forcesMonochrome: forcesMonochrome)
      (app, start) = (composed, store.send(.onAppear))
      theme = composed.theme
    }
    try await HostRunner.run(
      app, theme: theme, start: start, lineMode: lineMode, environment: environment)
    await backend?.stop()
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

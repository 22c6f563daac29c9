import AppFeature
import AppHost
import ArgumentParser
import ComposableArchitecture
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// `tcal`: the composed terminal app.
///
/// The `tcal` executable makes it its `@main`; tests import this library to reach its parsing,
/// composition root and clients.
public struct TCALCommand: AsyncParsableCommand, Sendable {
  /// The command's name, abstract and help text.
  public static let configuration = CommandConfiguration(
    commandName: "tcal",
    abstract:
      "Browse a small social network in the terminal: feed, search, users, profile, settings.",
    discussion: """
      With no options, tcal starts its own API server on 127.0.0.1 over a database in \
      $XDG_DATA_HOME/tcal (else ~/.local/share/tcal), generated on the first run, and opens \
      full-screen. Keys: j/k or arrows move, enter opens, esc goes back, tab or 1-5 switch tabs, \
      ? shows every key, q quits.

      When standard input or output is not a terminal (or with --line-mode) it reads one command \
      per line and prints the screen after each as plain text, for scripts and pipes:

        echo 'tab users' | tcal
        printf 'tab search\\ntype ali\\nopen\\n' | tcal

      Line mode's commands: tab NAME|N, down [N], up [N], open, back, type TEXT, key NAME, \
      screen, state, travel back|forward [N], history, help, quit. Settings are kept in \
      $XDG_CONFIG_HOME/tcal (else ~/.config/tcal).
      """
  )

  @Option(
    name: .customLong("api-url"),
    help: ArgumentHelp("Use the API server at this URL instead of starting one.", valueName: "url"))
  var apiURL: String?

  @Option(
    name: .customLong("data-dir"),
    help: ArgumentHelp(
      "Keep the embedded server's database in this directory.", valueName: "directory"))
  var dataDirectory: String?

  @Flag(
    name: .customLong("in-memory"),
    help: "Use a throwaway database, removed on quit (the embedded server only).")
  var inMemory = false

  @Flag(
    name: .customLong("line-mode"),
    help: "Read commands line by line even when attached to a terminal.")
  var lineMode = false

  @Flag(name: .customLong("no-color"), help: "Draw without colours (as NO_COLOR does).")
  var noColor = false

  @Option(
    name: .customLong("log-actions"),
    help: ArgumentHelp(
      "Append every action and the state change it caused to this file.", valueName: "file"))
  var logActionsPath: String?

  @Option(
    name: .customLong("feature"),
    help: ArgumentHelp(
      "Run one feature alone: \(FeatureChoice.names).", valueName: "name"))
  var feature: String?

  // Read as text, whatever it looks like (`-3` too), so that ``validate()`` refuses any value
  // that is not an id with one message naming what is valid.
  @Option(
    name: .customLong("user"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "The user --feature user-detail shows (default \(FeatureChoice.defaultUserID), the first).",
      valueName: "id"))
  var user: String?

  @Flag(
    name: .customLong("mock"),
    help: "Use the features' test doubles (sample data in memory) and start no server.")
  var mock = false

  @Flag(name: .customLong("measure-keystrokes"), help: .hidden)
  var measureKeystrokes = false

  /// Creates the command with every option at its default, as the argument parser requires.
  public init() {}

  /// Refuses combinations of options that cannot work together, before anything starts.
  public func validate() throws {
    try validateIsolation()
    if let apiURL {
      guard let url = URL(string: apiURL), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host != nil
      else {
        throw ValidationError(
          "--api-url must be an http or https URL, such as http://127.0.0.1:8080.")
      }
      if let port = url.port, !(1...65_535).contains(port) {
        throw ValidationError("--api-url's port must be from 1 to 65535, not \(port).")
      }
      if inMemory || dataDirectory != nil {
        throw ValidationError(
          "--in-memory and --data-dir apply to the embedded server, not to --api-url.")
      }
    }
    if inMemory && dataDirectory != nil {
      throw ValidationError("Use --in-memory or --data-dir, not both.")
    }
  }

  /// Whether an error reported as an issue is one the app tells the person about itself: a
  /// settings file that could not be read, or was moved aside (the settings notice).
  static let isToldByTheApp: @Sendable (any Error) -> Bool = { $0 is FileStorageError }

  /// Runs the app (or the measurement asked for) until it quits.
  public func run() async throws {
    if measureKeystrokes { return try await KeystrokeMeasurement.run() }
    try await runApp()
  }

  /// Starts the backend (none with `--mock`), composes the app (or the one feature asked for)
  /// and drives it in the terminal or line by line until it quits.
  @MainActor
  private func runApp() async throws {
    // The settings' load errors are the notice's to tell, not a developer's line on stderr.
    let reporters = IssueReporters.current
    IssueReporters.current = [
      SkippingIssueReporter(passingTo: reporters, skipping: Self.isToldByTheApp)
    ]
    defer { IssueReporters.current = reporters }
    let environment = ProcessInfo.processInfo.environment
    let directories = AppDirectories.xdg(environment: environment)
    let actionLog = try openActionLog()
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
          : .directory(dataDirectory.map { URL(fileURLWithPath: $0) } ?? directories.data),
        quietsInput: HostRunner.isFullScreen(lineMode: lineMode, environment: environment))
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
        userID: userID ?? FeatureChoice.defaultUserID, forcesMonochrome: forcesMonochrome)
      theme = forcesMonochrome ? .monochrome : .default
    } else {
      let composed = CompositionRoot.makeComposedApp(
        clients: source, actionLog: actionLog, forcesMonochrome: forcesMonochrome)
      (app, start, theme) = (composed.app, composed.start, composed.composed.theme)
    }
    try await HostRunner.run(
      CrashForTesting.wrapping(app, environment: environment), theme: theme, start: start,
      lineMode: lineMode, environment: environment)
    await backend?.stop()
  }
}

import ComposableArchitecture
import TerminalUI

/// Runs the app one command per line (see ``LineCommand``): each command is applied, its
/// effects are given time to finish, and the resulting screen is printed as plain text.
///
/// An unknown or malformed command prints a one-line message to `error` and the host goes on;
/// the end of input quits cleanly, after the effects still running (a save, say) have had
/// ``quitTimeout`` to finish.
@MainActor
public struct LineModeHost {
  /// The app driven.
  public let app: any HostedApp
  /// The size screens are rendered at.
  public var size: TerminalSize
  /// How long a command's effects may run before the screen is printed anyway.
  public var settleTimeout: Duration
  /// How long, at the end of input or `quit`, the effects that outlived their command's
  /// ``settleTimeout`` may still run before the host returns.
  public var quitTimeout: Duration = .seconds(10)
  /// The tasks of commands whose effects were still running when their screen was printed.
  private let lateTasks = LateTasks()
  /// Where screens and answers go.
  public var output: (String) -> Void
  /// Where one-line error messages go.
  public var error: (String) -> Void

  /// Creates a host.
  public init(
    app: any HostedApp,
    size: TerminalSize = TerminalSize(width: 100, height: 30),
    settleTimeout: Duration = .seconds(10),
    output: @escaping (String) -> Void,
    error: @escaping (String) -> Void
  ) {
    self.app = app
    self.size = size
    self.settleTimeout = settleTimeout
    self.output = output
    self.error = error
  }

  /// Reads commands from `lines` until `quit` or the end of input, after printing the first
  /// screen and then `note`, if any, as a message.
  public func run<Lines: AsyncSequence>(lines: Lines, note: String? = nil) async throws
  where Lines.Element == String {
    output(screenText())
    if let note { error(note) }
    for try await line in lines {
      let command: LineCommand?
      do {
        command = try LineCommand.parse(line)
      } catch {
        self.error(error.description)
        continue
      }
      guard let command else { continue }
      guard try await apply(command) else { break }
    }
    // Quitting must not cut off what a command started (a settings save that is slow today).
    await wait(for: lateTasks.tasks, atMost: quitTimeout)
    lateTasks.tasks.removeAll()
  }

  /// Applies one command; `false` means quit.
  func apply(_ command: LineCommand) async throws -> Bool {
    var tasks: [StoreTask] = []
    /// Asks the app to quit (`q`, `quit`): `false` when it may stop now; otherwise it asks the
    /// person first (unsaved changes), and the screen shows the question.
    func requestQuit() -> Bool {
      switch app.quitRequested() {
      case .quit: return false
      case let .sent(task): tasks.append(task)
      case .handled: break
      }
      return !app.hasQuit
    }
    func press(_ key: Key) -> Bool {
      // As in the full screen, ctrl-c asks to quit whatever the screen.
      if key == .ctrl("c") { return requestQuit() }
      switch app.handle(key) {
      case let .sent(task): tasks.append(task)
      case .handled: break
      case .quit: return requestQuit()
      }
      return true
    }
    switch command {
    case let .tab(name):
      guard let index = tabIndex(name) else {
        let names = app.tabNames
        error(
          names.count == 1
            ? "Unknown tab \"\(name)\". The only tab is \(names[0]) (or 1)."
            : "Unknown tab \"\(name)\". Tabs: \(names.joined(separator: ", ")) (or 1-\(names.count))."
        )
        return true
      }
      if let task = app.selectTab(index) { tasks.append(task) }
    case let .down(count):
      for _ in 0..<count where !press(.down) { return false }
    case let .up(count):
      for _ in 0..<count where !press(.up) { return false }
    case .open:
      guard press(.enter) else { return false }
    case .back:
      guard press(.escape) else { return false }
    case let .type(text):
      guard app.takesText else {
        error(Self.noTextField)
        return true
      }
      for character in text where !press(.character(character)) { return false }
    case let .key(name):
      guard press(Self.key(named: name)) else { return false }
    case .screen:
      break
    case .state:
      output(app.stateDump)
      return true
    case let .travelBack(count):
      guard travel(by: -count) else { return true }
    case let .travelForward(count):
      guard travel(by: count) else { return true }
    case .history:
      guard let app = app as? any TimeTravellingApp else {
        error(Self.noTimeTravel)
        return true
      }
      output(app.historyText)
      return true
    case .help:
      output(
        LineCommand.helpText(
          tabNames: app.tabNames, recordsHistory: app is any TimeTravellingApp))
      return true
    case .quit:
      // As `q`: the app may ask first (unsaved changes); a second `quit` quits anyway.
      guard requestQuit() else { return false }
    }
    await settle(tasks)
    // The person answered the app's question by quitting (discarding, or a save that
    // finished).
    if app.hasQuit { return false }
    output(screenText())
    return true
  }

  /// Waits for `tasks` to finish, at most ``settleTimeout``; effects still running then go on
  /// (waiting is never a reason to cancel them), and quitting waits for them again.
  public func settle(_ tasks: [StoreTask]) async {
    if await !wait(for: tasks, atMost: settleTimeout) {
      lateTasks.tasks += tasks
    }
  }

  /// Waits for `tasks` to finish, at most `timeout`; whether they all did.
  @discardableResult
  private func wait(for tasks: [StoreTask], atMost timeout: Duration) async -> Bool {
    guard !tasks.isEmpty else { return true }
    let (done, signal) = AsyncStream.makeStream(of: Bool.self)
    Task { @MainActor in
      for task in tasks { await task.finish() }
      signal.yield(true)
      signal.finish()
    }
    let timer = Task {
      try? await Task.sleep(for: timeout)
      signal.yield(false)
      signal.finish()
    }
    var finished = false
    for await value in done {
      finished = value
      break
    }
    timer.cancel()
    return finished
  }

  /// The current screen as plain text, without trailing blanks.
  public func screenText() -> String {
    let screen = app.screen(
      in: RenderContext(width: size.width, height: size.height, theme: .monochrome))
    var lines = screen.lines.map { line in
      var text = line.plainText
      while text.last == " " { text.removeLast() }
      return text
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Steps through the app's history; `false` (after saying why) when it did not move.
  private func travel(by offset: Int) -> Bool {
    guard let app = app as? any TimeTravellingApp else {
      error(Self.noTimeTravel)
      return false
    }
    guard app.travel(by: offset) > 0 else {
      error(
        offset < 0
          ? "Already at the oldest recorded state." : "Already at the newest recorded state.")
      return false
    }
    return true
  }

  private static let noTimeTravel = "This app does not record its history."
  private static let noTextField =
    "No text field is focused: \"type\" types into one (\"key\" presses a key)."

  private func tabIndex(_ name: String) -> Int? {
    if let number = Int(name), app.tabNames.indices.contains(number - 1) { return number - 1 }
    return app.tabNames.firstIndex { $0.lowercased() == name.lowercased() }
  }

  /// The key a `key NAME` command names (see ``LineCommand/keyNames``).
  static func key(named name: String) -> Key {
    switch name {
    case "enter", "return": .enter
    case "esc", "escape": .escape
    case "backspace": .backspace
    case "delete": .delete
    case "tab": .tab
    case "backtab", "shift-tab": .backTab
    case "up": .up
    case "down": .down
    case "left": .left
    case "right": .right
    case "pageup": .pageUp
    case "pagedown": .pageDown
    case "home": .home
    case "end": .end
    case "space": .character(" ")
    case _ where LineCommand.isControlKeyName(name): name.last.map { .ctrl($0) } ?? .unknown
    default: name.first.map { .character($0) } ?? .unknown
    }
  }
}

/// The tasks a ``LineModeHost`` waits for again before it returns.
@MainActor
private final class LateTasks {
  var tasks: [StoreTask] = []
}

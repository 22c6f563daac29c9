import AppHost
import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct ActionLogTests {
  /// A fresh directory for one test's files.
  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ActionLogTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Runs the picker with its actions logged to `path`, sending `actions`.
  private func run(logTo path: String, _ actions: [LineModePicker.Action]) throws {
    let log = try ActionLog(path: path)
    let store = Store(initialState: TimeTravel.State(LineModePicker.State())) {
      LineModePicker().debugged(log: log)
    }
    for action in actions { store.send(.base(action)) }
  }

  @Test
  func eachActionIsLoggedWithTheChangeItMade() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("actions.log").path
    try run(logTo: path, [.moveSelection(1), .typed("x")])
    let log = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      log == """
        received action:
          LineModePicker.Action.moveSelection(1)
          LineModePicker.State(
            tab: 0,
            rows: […],
        -   selection: 0,
        +   selection: 1,
            opened: nil,
            typed: ""
          )

        received action:
          LineModePicker.Action.typed("x")
          LineModePicker.State(
            tab: 0,
            rows: […],
            selection: 1,
            opened: nil,
        -   typed: ""
        +   typed: "x"
          )


        """)
  }

  @Test
  func aSecondRunAppendsToTheLog() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("actions.log").path
    try run(logTo: path, [.moveSelection(1)])
    let first = try String(contentsOfFile: path, encoding: .utf8)
    try run(logTo: path, [.typed("y")])
    let both = try String(contentsOfFile: path, encoding: .utf8)
    #expect(both.hasPrefix(first))
    #expect(both.dropFirst(first.count).contains("LineModePicker.Action.typed(\"y\")"))
  }

  @Test
  func stepsThroughTheHistoryAreNotLogged() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("actions.log").path
    let log = try ActionLog(path: path)
    let store = Store(initialState: TimeTravel.State(LineModePicker.State())) {
      LineModePicker().debugged(log: log)
    }
    store.send(.base(.moveSelection(1)))
    store.send(.stepBack)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.components(separatedBy: "received action:").count == 2)
  }

  @Test
  func aPathThatCannotBeWrittenIsAClearError() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let missing = directory.appendingPathComponent("no/such/dir/actions.log").path
    #expect(
      throws: ActionLogError.cannotOpen(path: missing, reason: "No such file or directory")
    ) { try ActionLog(path: missing) }
    #expect(throws: ActionLogError.cannotOpen(path: directory.path, reason: "Is a directory")) {
      try ActionLog(path: directory.path)
    }
    #expect(
      ActionLogError.cannotOpen(path: "/x/a.log", reason: "Permission denied").description
        == "Cannot write the action log \"/x/a.log\": Permission denied.")
  }
}

import AppHost
import ComposableArchitecture
import InlineSnapshotTesting
import TerminalUI
import Testing

@MainActor
struct TimeTravelAppTests {
  /// The picker app, its history recorded.
  private func makeApp(
    capacity: Int = 10
  ) -> TimeTravelApp<_PrintChangesReducer<LineModePicker>> {
    let store = Store(initialState: TimeTravel.State(LineModePicker.State())) {
      LineModePicker().debugged(capacity: capacity)
    }
    return TimeTravelApp(
      store: store, app: LineModePickerApp(store: store.scope(state: \.current, action: \.base)))
  }

  /// The app's screen, each line between bars.
  private func frame(_ app: some HostedApp, width: Int = 60, height: Int = 9) -> String {
    app.screen(in: RenderContext(width: width, height: height, theme: .monochrome)).framedText
  }

  @Test
  func ctrlTOpensThePanelOverTheRightOfTheScreen() {
    let app = makeApp()
    _ = app.handle(.down)
    _ = app.handle(.down)
    #expect(!app.isPanelPresented)
    _ = app.handle(.ctrl("t"))
    #expect(app.isPanelPresented)
    assertInlineSnapshot(of: frame(app), as: .lines) {
      """
      |[fruit]  about                                              |
      |  apple         ╭─ History 3/3 ────────────────────────────╮|
      |  banana        │   (start)                                │|
      |> cherry        │   moveSelection(1)                       │|
      |opened: -  typed│ › moveSelection(1)                       │|
      |                ╰──────────────────────────────────────────╯|
      |                                                            |
      |                                                            |
      | esc/q close · k/↑ back · j/↓ forward · ctrl-c quit         |
      """
    }
    // In a narrow window, the way out is what stays on the status line.
    let narrow = app.screen(in: RenderContext(width: 30, height: 8, theme: .monochrome))
    #expect(narrow.plainText.split(separator: "\n").last?.hasPrefix(" esc/q close") == true)
  }

  @Test
  func steppingBackShowsThePastScreenAndResumingContinuesFromIt() {
    let app = makeApp()
    _ = app.handle(.down)
    _ = app.handle(.down)
    _ = app.handle(.ctrl("t"))
    _ = app.handle(.character("k"))
    #expect(frame(app).contains("|> banana"))
    _ = app.handle(.up)
    #expect(frame(app).contains("|> apple"))
    #expect(app.store.cursor == 0)
    _ = app.handle(.character("j"))
    #expect(frame(app).contains("|> banana"))
    _ = app.handle(.left)
    _ = app.handle(.enter)
    #expect(!app.isPanelPresented)
    #expect(frame(app).contains("|> apple"))

    // The next action runs on the past state; the recorded future is dropped.
    _ = app.handle(.down)
    #expect(frame(app).contains("|> banana"))
    #expect(app.store.history.count == 2)
    #expect(app.store.cursor == 1)
    #expect(!app.store.canStepForward)
  }

  @Test
  func thePanelTakesEveryKeyWhileItIsShown() {
    let app = makeApp()
    _ = app.handle(.down)
    _ = app.handle(.ctrl("t"))
    guard case .handled = app.handle(.character("z")) else {
      Issue.record("z reached the app while the panel was shown")
      return
    }
    _ = app.handle(.character("x"))
    #expect(app.store.current.typed == "")
    // At the newest state, stepping forward does nothing.
    _ = app.handle(.down)
    #expect(app.store.cursor == 1)
    _ = app.handle(.home)
    #expect(app.store.cursor == 0)
    _ = app.handle(.end)
    #expect(app.store.cursor == 1)
    _ = app.handle(.escape)
    #expect(!app.isPanelPresented)
    _ = app.handle(.ctrl("t"))
    _ = app.handle(.ctrl("t"))
    #expect(!app.isPanelPresented)
    // `q` closes the panel, as it closes a dialog; then it is the app's again.
    _ = app.handle(.ctrl("t"))
    _ = app.handle(.character("q"))
    #expect(!app.isPanelPresented)
    guard case .quit = app.handle(.character("q")) else {
      Issue.record("q does not reach the app once the panel is closed")
      return
    }
  }

  @Test
  func theHistoryKeepsAtMostItsCapacity() {
    let app = makeApp(capacity: 3)
    for _ in 0..<5 { _ = app.handle(.character("x")) }
    #expect(app.store.history.count == 3)
    #expect(app.travel(by: -10) == 2)
    #expect(app.store.current.typed == "xxx")
  }

  @Test
  func lineModeTravelsBackAndForwardAndListsTheHistory() async throws {
    let app = makeApp()
    var output: [String] = []
    var errors: [String] = []
    let host = LineModeHost(
      app: app, size: TerminalSize(width: 40, height: 8),
      output: { output.append($0) }, error: { errors.append($0) })
    try await host.run(
      lines: [
        "down 2", "travel back", "history", "travel back 5", "travel back", "down", "history",
        "travel forward",
      ].async)
    #expect(
      errors == [
        "Already at the oldest recorded state.", "Already at the newest recorded state.",
      ])
    #expect(output.count == 7)
    #expect(output[1].contains("> cherry"))
    #expect(output[2].contains("> banana"))
    #expect(
      output[3] == """
          (start)
        › moveSelection(1)
          moveSelection(1)
        """)
    #expect(output[4].contains("> apple"))
    #expect(output[5].contains("> banana"))
    #expect(
      output[6] == """
          (start)
        › moveSelection(1)
        """)
  }

  @Test
  func lineModeSaysWhenTheAppDoesNotRecordItsHistory() async throws {
    var errors: [String] = []
    let host = LineModeHost(
      app: LineModePickerApp(), output: { _ in }, error: { errors.append($0) })
    try await host.run(lines: ["travel back", "history"].async)
    #expect(
      errors == ["This app does not record its history.", "This app does not record its history."])
  }
}

extension Array where Element == String {
  /// The lines as the input line mode reads.
  var async: AsyncStream<String> {
    AsyncStream { continuation in
      for line in self { continuation.yield(line) }
      continuation.finish()
    }
  }
}

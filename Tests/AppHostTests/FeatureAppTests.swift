import AppHost
import ComposableArchitecture
import TerminalUI
import Testing

/// A list with a note field, enough to show what a feature hosted alone does with keys.
@Reducer
struct Notes {
  @ObservableState
  struct State: Equatable {
    var rows = ["one", "two", "three"]
    var selection = 0
    var isEditing = false
    var note = ""
    var isLoading = false
  }

  enum Action: Equatable {
    case moveSelection(Int)
    case editToggled
    case typed(Character)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .moveSelection(offset):
        state.selection = min(max(state.selection + offset, 0), state.rows.count - 1)
      case .editToggled:
        state.isEditing.toggle()
      case let .typed(character):
        state.note.append(character)
      }
      return .none
    }
  }
}

/// The notes' view: the rows and the note; while editing, every character types.
struct NotesView: FeatureScreen {
  static let title = "Notes"
  var state: Notes.State
  var isBusy: Bool { state.isLoading }

  func render(in context: RenderContext) -> [StyledLine] {
    [StyledLine("Notes", style: context.theme.title)]
      + state.rows.enumerated().map { index, row in
        StyledLine((index == state.selection ? "› " : "  ") + row)
      }
      + [StyledLine("note: \(state.note)")]
  }

  var keyBindings: [KeyBinding<Notes.Action>] {
    if state.isEditing {
      return [
        KeyBinding(.enter, label: "done", action: .editToggled),
        .characters(label: "type", keysLabel: "a-z") { .typed($0) },
      ]
    }
    return [
      KeyBinding([.character("j"), .down], label: "down", action: .moveSelection(1)),
      KeyBinding(.enter, label: "edit", action: .editToggled),
    ]
  }
}

@MainActor
struct FeatureAppTests {
  private func makeApp(_ state: Notes.State = Notes.State()) -> FeatureApp<Notes, NotesView> {
    FeatureApp(
      store: Store(initialState: state) { Notes() }, view: NotesView.self, status: "mock data")
  }

  private func text(of app: some HostedApp, width: Int = 50, height: Int = 7) -> String {
    app.screen(in: RenderContext(width: width, height: height, theme: .monochrome)).plainText
  }

  @Test
  func theViewIsDrawnAboveAStatusLineOfItsKeys() {
    let app = makeApp()
    #expect(
      text(of: app, width: 60).split(separator: "\n", omittingEmptySubsequences: false)
        == [
          "Notes                                                       ",
          "› one                                                       ",
          "  two                                                       ",
          "  three                                                     ",
          "note:                                                       ",
          "                                                            ",
          " j/↓ down · enter edit · ? help · q quit          mock data ",
        ])
    #expect(app.tabNames == ["Notes"])
  }

  @Test
  func keysGoToTheViewFirst() async {
    let app = makeApp()
    guard case let .sent(task) = app.handle(.character("j")) else {
      Issue.record("j sent nothing")
      return
    }
    await task.finish()
    #expect(app.store.state.selection == 1)
  }

  @Test
  func qQuitsWhenTheViewDoesNotTakeIt() {
    let app = makeApp()
    guard case .quit = app.handle(.character("q")) else {
      Issue.record("q did not quit")
      return
    }
  }

  @Test
  func ctrlGShowsTheHelpWhereTheViewTypesQuestionMarks() {
    let app = makeApp(Notes.State(isEditing: true))
    _ = app.handle(.ctrl("g"))
    #expect(app.help.isPresented)
    let help = text(of: app, height: 20).split(separator: "\n")
    #expect(help.contains { $0.contains("ctrl-g ") && $0.contains(" this help") })
    #expect(help.contains { $0.contains("ctrl-w ") && $0.contains(" delete a word") })
    _ = app.handle(.ctrl("g"))
    #expect(!app.help.isPresented)
  }

  @Test
  func aViewThatTakesQKeepsItAndCtrlCIsShownAsQuit() async {
    let app = makeApp(Notes.State(isEditing: true))
    guard case let .sent(task) = app.handle(.character("q")) else {
      Issue.record("q was not typed")
      return
    }
    await task.finish()
    #expect(app.store.state.note == "q")
    #expect(text(of: app, width: 70).contains("enter done · a-z type · ctrl-g help · ctrl-c quit"))
    #expect(!text(of: app).contains("? help"))
  }

  @Test
  func questionMarkShowsEveryKeyUntilClosed() {
    let app = makeApp()
    guard case .handled = app.handle(.character("?")) else {
      Issue.record("? was not handled")
      return
    }
    #expect(app.help.isPresented)
    #expect(text(of: app, height: 12).contains("Notes keys"))
    #expect(text(of: app, height: 12).contains("q/ctrl-c  quit"))
    // While the box is shown, keys close it or do nothing: `j` does not move, `q` closes.
    _ = app.handle(.character("j"))
    #expect(app.store.state.selection == 0)
    guard case .handled = app.handle(.character("q")) else {
      Issue.record("q quit instead of closing the box")
      return
    }
    #expect(!app.help.isPresented)
  }

  @Test
  func theSpinnerTicksWhileTheStateSaysSo() {
    #expect(!makeApp().isAnimating)
    #expect(makeApp(Notes.State(isLoading: true)).isAnimating)
  }

  @Test
  func lineModeDrivesAFeatureAlone() async throws {
    let app = makeApp()
    var output: [String] = []
    var errors: [String] = []
    let host = LineModeHost(
      app: app, size: TerminalSize(width: 50, height: 7),
      output: { output.append($0) }, error: { errors.append($0) })
    try await host.run(
      lines: AsyncStream { continuation in
        for line in ["down 2", "tab 1", "state", "tab 2", "key q", "down"] {
          continuation.yield(line)
        }
        continuation.finish()
      })
    #expect(output.count == 4)
    #expect(output[1].contains("› three"))
    #expect(output[2].contains("› three"))
    #expect(output[3].contains("selection: 2"))
    #expect(errors == ["Unknown tab \"2\". The only tab is Notes (or 1)."])
  }
}

@MainActor
struct HelpOverlayScrollTests {
  private func text(of app: some HostedApp, height: Int) -> String {
    app.screen(in: RenderContext(width: 50, height: height, theme: .monochrome)).plainText
  }

  @Test
  func aHelpBoxTooTallForTheWindowScrollsWithJAndK() {
    let app = FeatureApp<Notes, NotesView>(
      store: Store(initialState: Notes.State()) { Notes() }, view: NotesView.self)
    _ = app.handle(.character("?"))
    #expect(app.help.isPresented)
    #expect(Chrome(of: NotesView(state: Notes.State())).help.count == 5)
    // Eight lines leave four for keys.
    #expect(text(of: app, height: 8).contains("Notes keys 1-4/5 · j/k"))
    #expect(!text(of: app, height: 8).contains("suspend"))
    for _ in 0..<5 { _ = app.handle(.character("j")) }
    #expect(text(of: app, height: 8).contains("Notes keys 2-5/5 · j/k"))
    #expect(text(of: app, height: 8).contains("ctrl-z"))
    // Scrolled as far as the last key, one `k` moves back at once.
    _ = app.handle(.up)
    #expect(text(of: app, height: 8).contains("Notes keys 1-4/5 · j/k"))
    // In a window high enough, every key and no scrolling.
    #expect(text(of: app, height: 20).contains("─ Notes keys ─"))
    _ = app.handle(.escape)
    #expect(!app.help.isPresented)
  }
}

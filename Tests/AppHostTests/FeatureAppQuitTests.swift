import AppHost
import ComposableArchitecture
import TerminalUI
import Testing

/// `ctrl-c` in a feature hosted alone: at once when nothing would be lost, else after the
/// feature's own question (``Draft``'s, as the profile editor's).
@MainActor
struct FeatureAppQuitTests {
  private func makeApp(_ state: Draft.State = Draft.State()) -> FeatureApp<Draft, DraftView> {
    FeatureApp(store: Store(initialState: state) { Draft() }, view: DraftView.self)
  }

  private func isQuit(_ outcome: KeyOutcome) -> Bool {
    if case .quit = outcome { return true }
    return false
  }

  private func text(of app: some HostedApp) -> String {
    app.screen(in: RenderContext(width: 60, height: 6, theme: .monochrome)).plainText
  }

  @Test
  func withNothingUnsavedCtrlCQuitsAtOnce() {
    let app = makeApp(Draft.State(saved: "hi", text: "hi"))
    #expect(isQuit(app.quitRequested()))
  }

  @Test
  func withUnsavedChangesCtrlCAsksFirstAndDiscardingQuits() {
    let app = makeApp()
    _ = app.handle(.character("x"))
    #expect(!isQuit(app.quitRequested()))
    #expect(text(of: app).contains("Unsaved changes"))
    #expect(!app.hasQuit)
    _ = app.handle(.character("d"))
    #expect(app.hasQuit)
  }

  @Test
  func savingFromTheQuestionQuits() {
    let app = makeApp()
    _ = app.handle(.character("x"))
    _ = app.quitRequested()
    _ = app.handle(.character("s"))
    #expect(app.store.state.saved == "x")
    #expect(app.hasQuit)
  }

  @Test
  func aSecondCtrlCWhileItAsksQuitsAnyway() {
    let app = makeApp()
    _ = app.handle(.character("x"))
    #expect(!isQuit(app.quitRequested()))
    #expect(isQuit(app.quitRequested()))
  }

  @Test
  func keepingEditingStaysAndTheNextCtrlCAsksAgain() {
    let app = makeApp()
    _ = app.handle(.character("x"))
    _ = app.quitRequested()
    _ = app.handle(.character("k"))
    #expect(!app.hasQuit)
    #expect(!text(of: app).contains("Unsaved changes"))
    // A later save is only a save; the next ctrl-c asks again rather than quitting.
    _ = app.handle(.character("y"))
    _ = app.handle(.ctrl("s"))
    #expect(!app.hasQuit)
    _ = app.handle(.character("z"))
    #expect(!isQuit(app.quitRequested()))
    #expect(text(of: app).contains("Unsaved changes"))
  }
}

// MARK: - The feature the tests host

/// A one-line editor that asks before it is left with unsaved text (discard, save or keep
/// editing), as the profile editor does: enough to show how a feature hosted alone quits.
@Reducer
struct Draft {
  @ObservableState
  struct State: Equatable {
    var saved = ""
    var text = ""
    var isAsking = false
    var hasUnsavedChanges: Bool { text != saved }
  }

  enum Action: Equatable {
    case typed(Character)
    case saveTapped
    case leaveRequested
    case discardTapped
    case keepEditingTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .typed(character):
        state.text.append(character)
      case .saveTapped:
        (state.saved, state.isAsking) = (state.text, false)
      case .leaveRequested:
        state.isAsking = state.hasUnsavedChanges
      case .discardTapped:
        (state.text, state.isAsking) = (state.saved, false)
      case .keepEditingTapped:
        state.isAsking = false
      }
      return .none
    }
  }
}

/// The draft's view: the text, and the question while it asks; `ctrl-s` saves, and while it
/// asks `d` discards, `s` saves and `k` keeps editing.
struct DraftView: FeatureScreen {
  static let title = "Draft"
  var state: Draft.State
  var isBusy: Bool { false }

  var leaveRequest: Draft.Action? {
    state.hasUnsavedChanges ? .leaveRequested : nil
  }

  var isAskingToLeave: Bool { state.isAsking }

  func render(in context: RenderContext) -> [StyledLine] {
    [StyledLine("draft: \(state.text)")]
      + (state.isAsking ? [StyledLine("Unsaved changes: discard, save or keep editing?")] : [])
  }

  var keyBindings: [KeyBinding<Draft.Action>] {
    if state.isAsking {
      return [
        KeyBinding(.character("d"), label: "discard", action: .discardTapped),
        KeyBinding(.character("s"), label: "save", action: .saveTapped),
        KeyBinding(.character("k"), label: "keep editing", action: .keepEditingTapped),
      ]
    }
    return [
      KeyBinding(.ctrl("s"), label: "save", action: .saveTapped),
      .characters(label: "type", keysLabel: "a-z") { .typed($0) },
    ]
  }
}

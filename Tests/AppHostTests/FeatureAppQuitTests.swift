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

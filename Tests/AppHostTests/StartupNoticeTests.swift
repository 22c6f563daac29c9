import AppHost
import ComposableArchitecture
import Foundation
import TerminalUI
import Testing

/// A notice given at start (a damaged settings file moved aside) is told once: on the lines
/// above the status line, until the first key.
@MainActor
struct StartupNoticeTests {
  static let sentence =
    "Your settings file was unreadable; it was moved to /home/a/.config/tcal/settings.json.corrupt-1; using defaults."

  private func makeApp(notice: String? = nil) -> FeatureApp<Notes, NotesView> {
    FeatureApp(
      store: Store(initialState: Notes.State()) { Notes() }, view: NotesView.self,
      notice: StartupNotice(notice))
  }

  private func lines(of app: some HostedApp) -> [String] {
    app.screen(in: RenderContext(width: 60, height: 10, theme: .monochrome)).plainText
      .components(separatedBy: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test
  func aFeatureAloneShowsItsNoticeAboveTheStatusLineUntilTheFirstKey() {
    let app = makeApp(notice: Self.sentence)
    let shown = lines(of: app)
    #expect(shown.count == 10)
    #expect(shown.first == "Notes")
    #expect(shown.last?.hasSuffix("q quit") == true)
    // Word-wrapped to the width, on the lines just above the status line.
    let count = WordWrap.lines(of: Self.sentence, width: 60).count
    #expect(count > 1)
    #expect(shown[(9 - count)..<9].joined(separator: " ") == Self.sentence)

    _ = app.handle(.character("j"))
    #expect(!lines(of: app).joined().contains("unreadable"))
    #expect(lines(of: app).last?.hasSuffix("q quit") == true)
  }

  @Test
  func aWatchingNoticeShowsEachNewSentenceOfItsSourceUntilTheNextKey() {
    let said = LockIsolated<String?>(nil)
    let app = FeatureApp<Notes, NotesView>(
      store: Store(initialState: Notes.State()) { Notes() }, view: NotesView.self,
      notice: StartupNotice(watching: { said.value }))
    #expect(!lines(of: app).joined().contains("changed"))

    said.setValue("Your settings file was changed to something unreadable.")
    #expect(lines(of: app).joined(separator: " ").contains("changed to something unreadable"))
    _ = app.handle(.character("j"))
    // Seen: the same sentence is not told again.
    #expect(!lines(of: app).joined().contains("changed"))

    said.setValue("Changed again.")
    #expect(lines(of: app).joined().contains("Changed again."))
  }

  @Test
  func withoutANoticeTheScreenIsTheFeaturesAlone() {
    let app = makeApp()
    #expect(lines(of: app)[4] == "note:")
  }

  @Test
  func aNoticeLongerThanTheScreenAllowsIsCutButShown() {
    let app = makeApp(notice: Self.sentence)
    let shown = app.screen(in: RenderContext(width: 30, height: 6, theme: .monochrome)).plainText
      .components(separatedBy: "\n")
    #expect(shown.count == 6)
    #expect(shown[0].hasPrefix("Notes"))
    // Four lines of notice (it needs six at this width), the last ending in `…`.
    #expect(shown[1].hasPrefix("Your settings file was"))
    #expect(shown[4].trimmingCharacters(in: .whitespaces).hasSuffix("…"))
    #expect(shown[5].contains("quit"))
  }

  @Test
  func aScreenTooShortForTheNoticeShowsTheFeature() {
    let app = makeApp(notice: Self.sentence)
    let text = app.screen(in: RenderContext(width: 60, height: 3, theme: .monochrome)).plainText
    #expect(!text.contains("unreadable"))
  }
}

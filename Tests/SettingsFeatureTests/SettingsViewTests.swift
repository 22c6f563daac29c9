import AppSettings
import ComposableArchitecture
import InlineSnapshotTesting
import SettingsFeature
import TerminalUI
import Testing

@MainActor
struct SettingsViewTests {
  /// The frame of `state` as text, each line between bars so its width shows.
  private func frame(
    _ state: Settings.State, width: Int = 60, height: Int = 12, tick: Int = 0
  ) -> String {
    SettingsView(state: state)
      .screen(in: RenderContext(width: width, height: height, theme: .monochrome, tick: tick))
      .framedText
  }

  @Test
  func theDefaultsWithTheFirstRowSelected() {
    assertInlineSnapshot(of: frame(Settings.State(), height: 8), as: .lines) {
      """
      |Settings                                                    |
      |› Theme           ‹ dark ›                                  |
      |  Page size       ‹ 20 › rows                               |
      |  Search delay    ‹ 300 › ms                                |
      |  Post previews   ‹ on ›                                    |
      |                                                            |
      |  The colours: dark, light, or no colour at all.            |
      |                                                            |
      """
    }
  }

  @Test
  func changedValuesAndAnotherSelectedRowWithItsDescription() {
    let settings = UserSettings(
      theme: .noColor, pageSize: 100, searchDebounceMilliseconds: 0, showsPostPreviews: false)
    @Shared(.userSettings) var shared
    $shared.withLock { $0 = settings }
    let state = Settings.State(selection: 2)
    assertInlineSnapshot(of: frame(state, height: 8), as: .lines) {
      """
      |Settings                                                    |
      |  Theme           ‹ no colour ›                             |
      |  Page size       ‹ 100 › rows                              |
      |› Search delay    ‹ 0 › ms                                  |
      |  Post previews   ‹ off ›                                   |
      |                                                            |
      |  How long search waits after typing (0–2000 ms).           |
      |                                                            |
      """
    }
  }

  @Test
  func theNoticeAndTheErrorShowBelowTheSettings() {
    let state = Settings.State(
      notice:
        "Your settings file was unreadable; it was moved to /home/zoë/.config/app/settings.json.bad; using defaults.",
      errorMessage:
        "Couldn't save your settings to /home/zoë/.config/app/settings.json: Read-only file system.",
      selection: 3)
    assertInlineSnapshot(of: frame(state, height: 14), as: .lines) {
      """
      |Settings                                                    |
      |  Theme           ‹ dark ›                                  |
      |  Page size       ‹ 20 › rows                               |
      |  Search delay    ‹ 300 › ms                                |
      |› Post previews   ‹ on ›                                    |
      |                                                            |
      |  Whether lists of posts show the start of each post.       |
      |                                                            |
      |  Your settings file was unreadable; it was moved to        |
      |  /home/zoë/.config/app/settings.json.bad; using defaults.  |
      |  Couldn't save your settings to                            |
      |  /home/zoë/.config/app/settings.json: Read-only file       |
      |  system.                                                   |
      |  x dismiss                                                 |
      """
    }
    let theme = Theme.dark
    let screen = SettingsView(state: state).screen(
      in: RenderContext(width: 60, height: 14, theme: theme))
    #expect(screen.lines[8].spans.contains { $0.style == theme.warning })
    #expect(screen.lines[10].spans.contains { $0.style == theme.error })
    #expect(screen.lines[4] == screen.lines[4].applying(theme.selection))
  }

  @Test
  func aNarrowFrameKeepsEveryLineInWidth() {
    let state = Settings.State(notice: "Settings moved aside; using defaults.")
    assertInlineSnapshot(of: frame(state, width: 24, height: 13), as: .lines) {
      """
      |Settings                |
      |› Theme           ‹ dar…|
      |  Page size       ‹ 20 …|
      |  Search delay    ‹ 300…|
      |  Post previews   ‹ on ›|
      |                        |
      |  The colours: dark,    |
      |  light, or no colour at|
      |  all.                  |
      |                        |
      |  Settings moved aside; |
      |  using defaults.       |
      |  x dismiss             |
      """
    }
  }

  @Test
  func movementKeysSelectARow() {
    let view = SettingsView(state: Settings.State(selection: 1))
    #expect(view.action(for: .down) == .moveSelection(1))
    #expect(view.action(for: .character("j")) == .moveSelection(1))
    #expect(view.action(for: .up) == .moveSelection(-1))
    #expect(view.action(for: .character("k")) == .moveSelection(-1))
    #expect(view.action(for: .character("g")) == .moveSelection(-1))
    #expect(view.action(for: .home) == .moveSelection(-1))
    #expect(view.action(for: .character("G")) == .moveSelection(2))
    #expect(view.action(for: .end) == .moveSelection(2))
  }

  @Test
  func arrowsEnterAndSpaceChangeTheSelectedSetting() {
    let theme = SettingsView(state: Settings.State(selection: 0))
    #expect(theme.action(for: .right) == .themeSelected(.light))
    #expect(theme.action(for: .character("l")) == .themeSelected(.light))
    #expect(theme.action(for: .enter) == .themeSelected(.light))
    #expect(theme.action(for: .character(" ")) == .themeSelected(.light))
    #expect(theme.action(for: .left) == .themeSelected(.noColor))
    #expect(theme.action(for: .character("h")) == .themeSelected(.noColor))

    let pageSize = SettingsView(state: Settings.State(selection: 1))
    #expect(pageSize.action(for: .right) == .pageSizeIncremented)
    #expect(pageSize.action(for: .enter) == .pageSizeIncremented)
    #expect(pageSize.action(for: .left) == .pageSizeDecremented)

    let debounce = SettingsView(state: Settings.State(selection: 2))
    #expect(debounce.action(for: .right) == .searchDebounceIncremented)
    #expect(debounce.action(for: .left) == .searchDebounceDecremented)

    let previews = SettingsView(state: Settings.State(selection: 3))
    for key in [Key.left, .right, .enter, .character(" ")] {
      #expect(previews.action(for: key) == .showsPostPreviewsToggled)
    }
  }

  @Test
  func dResetsAndXDismissesOnlyWhenThereIsSomethingToDismiss() {
    let plain = SettingsView(state: Settings.State())
    #expect(plain.action(for: .character("d")) == .resetToDefaults)
    #expect(plain.action(for: .character("x")) == nil)
    let noticed = SettingsView(state: Settings.State(notice: "Moved aside."))
    #expect(noticed.action(for: .character("x")) == .noticeDismissed)
    let failed = SettingsView(state: Settings.State(errorMessage: "Read-only."))
    #expect(failed.action(for: .character("x")) == .noticeDismissed)
    #expect(
      Chrome(of: noticed).status == [
        KeyHint(keys: "j/k", label: "move"), KeyHint(keys: "h/l", label: "change"),
        KeyHint(keys: "d", label: "defaults"), KeyHint(keys: "x", label: "dismiss"),
        KeyHint(keys: "?", label: "help"), KeyHint(keys: "q", label: "quit"),
      ])
  }

  @Test
  func theHelpListsTheKeysTheStatusLineLeavesOutForRoom() {
    let chrome = Chrome(of: SettingsView(state: Settings.State()))
    #expect(chrome.status.map(\.keys) == ["j/k", "h/l", "d", "?", "q"])
    #expect(
      chrome.help.prefix(5).map { "\($0.keys) \($0.label)" } == [
        "j/k move", "h/l change", "enter/space next value", "d defaults", "g/G top/bottom",
      ])
  }

  @Test
  func theAppsKeysAreLeftToTheApp() {
    let view = SettingsView(state: Settings.State())
    for key in [Key.character("q"), .character("?"), .character("1"), .tab, .escape] {
      #expect(view.action(for: key) == nil)
    }
  }
}

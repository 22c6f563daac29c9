import APIServer
import AppFeature
import AppHost
import ComposableArchitecture
import Foundation
import LiveServerTestSupport
import TerminalUI
import Testing

@testable import TCALApp

/// The composition of a feature run alone, and of the composed app on test doubles.
///
/// In `--mock` the transport (`apiClient`) is its unimplemented `testValue`: a request that
/// reached it would report an issue, which fails these tests. So each one proves its feature
/// loaded from its double without touching the network.
@MainActor
struct IsolatedCompositionTests {
  private func screen(of app: any HostedApp, width: Int = 80, height: Int = 16) -> String {
    app.screen(in: RenderContext(width: width, height: height, theme: .monochrome)).plainText
  }

  @Test(arguments: [
    (
      FeatureChoice.tab(.home), "Home",
      [
        "Home · 20 posts", "Alice Liddell", "The cello and I are slowly making peace.",
        "Mateo Okafor",
      ]
    ),
    (.tab(.search), "Search", ["Search ›", "Type to search users and posts."]),
    (
      .tab(.users), "Users",
      ["Users · 20 loaded", "› Alice Liddell  @alice", "45 posts", "Dana Berg"]
    ),
    (.userDetail, "User", ["Alice Liddell", "@alice", "Joined 2024-01-01 · 45 posts"]),
    (.tab(.profile), "Profile", ["Profile", "Alice Liddell", "alice@example.com"]),
    (.tab(.settings), "Settings", ["Settings", "Theme"]),
  ])
  func eachFeatureRunsAloneOnItsMockWithoutTheNetwork(
    feature: FeatureChoice, title: String, expected: [String]
  ) async {
    let (app, start) = CompositionRoot.makeFeatureApp(feature, clients: .mock)
    await start.finish()
    let text = screen(of: app)
    for line in expected {
      #expect(text.contains(line), "\(feature): \(line) not in\n\(text)")
    }
    #expect(text.contains("mock data"))
    #expect(app.tabNames == [title])
  }

  @Test
  func theProfileAloneAsksBeforeCtrlCDropsItsChanges() async throws {
    let (app, start) = CompositionRoot.makeFeatureApp(.tab(.profile), clients: .mock)
    await start.finish()
    _ = app.handle(.character("!"))
    guard case let .sent(task) = app.quitRequested() else {
      Issue.record("ctrl-c quit with unsaved changes")
      return
    }
    await task.finish()
    #expect(screen(of: app).contains("You have unsaved changes"))
    #expect(!app.hasQuit)
    // "Discard changes" is the first button; "Keep editing", selected at first, the last.
    _ = app.handle(.left)
    _ = app.handle(.left)
    if case let .sent(task) = app.handle(.enter) { await task.finish() }
    #expect(app.hasQuit)
  }

  /// A new settings directory whose `settings.json` holds `contents`, and a live source on it
  /// whose server (a closed port) answers nothing.
  private func settings(_ contents: String) throws -> (directory: URL, source: ClientSource) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcal-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: directory.appendingPathComponent("settings.json"))
    let server = try #require(URL(string: "http://127.0.0.1:9"))
    return (directory, .live(baseURL: server, settingsDirectory: directory))
  }

  /// A settings directory whose `settings.json` is damaged, and a live source on it.
  private func damagedSettings() throws -> (directory: URL, source: ClientSource) {
    try settings("{\"theme\": \"dark\", \"pageSi")
  }

  /// The sentence telling that the settings file in `directory` was moved aside.
  private func movedAsideNotice(in directory: URL) throws -> String {
    let moved = try #require(
      try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .first { $0.hasPrefix("settings.json.corrupt-") })
    return "Your settings file was unreadable; it was moved to "
      + "\(directory.appendingPathComponent(moved).path); using defaults."
  }

  @Test
  func aDamagedSettingsFileIsToldOnceAboveTheStatusLineOfAFeatureAlone() async throws {
    let (directory, source) = try damagedSettings()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (app, start) = CompositionRoot.makeFeatureApp(.tab(.search), clients: source)
    await start.finish()
    let notice = try movedAsideNotice(in: directory)
    #expect(screen(of: app, width: 300).contains(notice))
    _ = app.handle(.escape)
    #expect(!screen(of: app, width: 300).contains("unreadable"))
  }

  @Test
  func aDamagedSettingsFileIsToldOnceAboveTheStatusLineOfTheComposedApp() async throws {
    let (directory, source) = try damagedSettings()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (app, _, start) = CompositionRoot.makeComposedApp(
      clients: source, actionLog: nil, forcesMonochrome: true)
    await start.finish()
    let notice = try movedAsideNotice(in: directory)
    #expect(screen(of: app, width: 300).contains(notice))
    _ = app.handle(.character("j"))
    #expect(!screen(of: app, width: 300).contains("unreadable"))
  }

  /// The Settings feature run alone on a settings file saving `savedTheme`, and the file's
  /// directory.
  private func settingsAlone(
    savedTheme: String, forcesMonochrome: Bool = false
  ) async throws -> (app: any HostedApp, directory: URL) {
    let (directory, source) = try settings("{\"theme\": \"\(savedTheme)\"}")
    let (app, start) = CompositionRoot.makeFeatureApp(
      .tab(.settings), clients: source, forcesMonochrome: forcesMonochrome)
    await start.finish()
    return (app, directory)
  }

  @Test
  func aFeatureAloneIsDrawnInTheSavedThemeWhateverTheHostsTheme() async throws {
    let light = try await settingsAlone(savedTheme: "light")
    let dark = try await settingsAlone(savedTheme: "dark")
    let forced = try await settingsAlone(savedTheme: "light", forcesMonochrome: true)
    defer {
      for directory in [light.directory, dark.directory, forced.directory] {
        try? FileManager.default.removeItem(at: directory)
      }
    }
    func drawn(_ app: any HostedApp, host: Theme) -> Screen {
      app.screen(in: RenderContext(width: 80, height: 16, theme: host))
    }
    for host in [Theme.dark, .light, .monochrome] {
      #expect(drawn(light.app, host: host) == drawn(light.app, host: .light))
      #expect(drawn(dark.app, host: host) == drawn(dark.app, host: .dark))
      #expect(drawn(forced.app, host: host) == drawn(forced.app, host: .monochrome))
    }
    #expect(drawn(light.app, host: .dark) != drawn(dark.app, host: .dark))
    #expect(drawn(forced.app, host: .dark) != drawn(light.app, host: .dark))
  }

  @Test
  func settingsAloneOnTheMockIsDrawnInTheThemeChosenThere() async throws {
    let (app, start) = CompositionRoot.makeFeatureApp(.tab(.settings), clients: .mock)
    await start.finish()
    func statusStyles() -> Set<TextStyle> {
      let screen = app.screen(in: RenderContext(width: 80, height: 16, theme: .dark))
      return Set(screen.lines.last?.spans.map(\.style) ?? [])
    }
    #expect(statusStyles().contains(Theme.dark.statusKey))
    // The theme is the first row; `l` chooses the next theme, light.
    if case let .sent(task) = app.handle(.character("l")) { await task.finish() }
    #expect(app.stateDump.contains(".light"))
    #expect(statusStyles().contains(Theme.light.statusKey))
    #expect(!statusStyles().contains(Theme.dark.statusKey))
  }

  @Test
  func userDetailShowsTheUserAsked() async {
    let (app, start) = CompositionRoot.makeFeatureApp(.userDetail, clients: .mock, userID: 2)
    await start.finish()
    #expect(screen(of: app).contains("@zoe"))
  }

  @Test
  func theComposedAppsHelpIsTheHostsAsForAFeatureAlone() async {
    let (app, composed, start) = CompositionRoot.makeComposedApp(
      clients: .mock, actionLog: nil, forcesMonochrome: true)
    await start.finish()
    guard case .handled = app.handle(.character("?")) else {
      Issue.record("? was not handled")
      return
    }
    #expect(composed.help.isPresented)
    let help = screen(of: app, height: 30)
    #expect(help.contains("next/previous tab"))
    #expect(help.contains("ctrl-t"))
    // While the box is shown, keys close it or do nothing: `2` does not switch tabs.
    _ = app.handle(.character("2"))
    #expect(composed.store.state.selectedTab == .home)
    _ = app.handle(.escape)
    #expect(!composed.help.isPresented)
    guard case .quit = app.handle(.character("q")) else {
      Issue.record("q did not quit")
      return
    }
  }

  @Test
  func theComposedAppRunsOnTheMocks() async {
    let (app, composed, start) = CompositionRoot.makeComposedApp(
      clients: .mock, actionLog: nil, forcesMonochrome: true)
    await start.finish()
    #expect(screen(of: app).contains("Home · 20 posts"))
    // Its status line says so, as a feature alone's does: a profile saved here changes nothing
    // in the other tabs' canned data.
    #expect(screen(of: app).contains("mock data"))
    await composed.store.send(.tabSelected(.users)).finish()
    #expect(screen(of: app).contains("Users · 20 loaded"))
  }

  @Test
  func aFeatureAloneUsesItsLiveClientOnTheServer() async throws {
    let text = try await withLiveServer(users: 30, posts: 60) { server in
      await Self.usersScreen(baseURL: server.baseURL)
    }
    #expect(text.contains("Users · 20 loaded"))
    #expect(!text.contains("mock data"))
  }

  @Test
  func theLiveClientReportsAServerThatIsNotThere() async {
    // Port 9 (discard) on loopback: nothing listens there, so the connection is refused.
    let text = await Self.usersScreen(baseURL: URL(string: "http://127.0.0.1:9")!)
    #expect(text.contains("Couldn't load users"))
  }

  /// The users feature alone on its live client over `baseURL`, once its first page settled.
  private static func usersScreen(baseURL: URL) async -> String {
    let settings = FileManager.default.temporaryDirectory
      .appendingPathComponent("tcal-tests-\(UUID().uuidString)")
    let (app, start) = CompositionRoot.makeFeatureApp(
      .tab(.users), clients: .live(baseURL: baseURL, settingsDirectory: settings))
    await start.finish()
    return app.screen(in: RenderContext(width: 80, height: 16, theme: .monochrome)).plainText
  }
}

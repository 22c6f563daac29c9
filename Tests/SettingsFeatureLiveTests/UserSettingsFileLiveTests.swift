import AppSettings
import ComposableArchitecture
import Foundation
import Observation
import SettingsFeature
import SettingsFeatureLive
import Testing

/// The settings on the real disk, through `@Shared(.userSettings)`, in temporary directories.
@MainActor
@Suite(.serialized)
struct UserSettingsFileLiveTests {
  /// Runs `body` with `settings.json` in a fresh temporary directory (removed afterwards) as
  /// the settings file, on the disk.
  private func withSettingsFile(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(UserSettingsFileKey.fileName)
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.userSettingsFile = file
    } operation: {
      try await body(file)
    }
  }

  private let custom = UserSettings(
    theme: .light, pageSize: 45, searchDebounceMilliseconds: 150, showsPostPreviews: false)

  @Test
  func theDirectoryFollowsXDGConfigHomeElseHome() {
    #expect(
      UserSettingsFileKey.defaultDirectory(environment: [
        "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/alice",
      ]).path == "/xdg/tcal")
    #expect(
      UserSettingsFileKey.defaultDirectory(environment: ["HOME": "/home/alice"]).path
        == "/home/alice/.config/tcal")
    // A relative XDG_CONFIG_HOME is ignored, as the specification says.
    #expect(
      UserSettingsFileKey.defaultDirectory(environment: [
        "XDG_CONFIG_HOME": "relative", "HOME": "/home/alice",
      ]).path == "/home/alice/.config/tcal")
  }

  @Test
  func aMissingFileGivesTheDefaultsAndNoNotice() async throws {
    try await withSettingsFile { file in
      let store = TestStore(initialState: Settings.State()) { Settings() }
      #expect(store.state.settings == .default)
      #expect(store.state.notice == nil)
      #expect(!FileManager.default.fileExists(atPath: file.path))
    }
  }

  @Test
  func aChangeIsWrittenAsSortedPrettyJSONAndLoadsBack() async throws {
    try await withSettingsFile { file in
      let store = TestStore(initialState: Settings.State()) { Settings() }
      await store.send(.themeSelected(.light)) {
        $0.$settings.withLock { $0.theme = .light }
      }
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(text.hasPrefix("{\n  \"pageSize\" : 20,\n"))
      #expect(text.contains("\"theme\" : \"light\""))
      // Only the settings file: no temporary file is left behind.
      let names = try FileManager.default.contentsOfDirectory(
        atPath: file.deletingLastPathComponent().path)
      #expect(names == [UserSettingsFileKey.fileName])
    }
  }

  @Test
  func aHandWrittenOlderFileLoads() async throws {
    try await withSettingsFile { file in
      try Data(#"{"theme": "light"}"#.utf8).write(to: file)
      @SharedReader(.userSettings) var settings
      var expected = UserSettings.default
      expected.theme = .light
      #expect(settings == expected)
    }
  }

  @Test(arguments: [
    Data(#"{"theme": "light", "pageSi"#.utf8),
    Data([0x00, 0xFF, 0xFE]),
    Data(#"{"pageSize": "twenty"}"#.utf8),
  ])
  func aDamagedFileIsMovedAsideWithANoticeAndNotOverwritten(bytes: Data) async throws {
    try await withSettingsFile { file in
      try bytes.write(to: file)
      // In a test the load error is not reported as an issue (as in swift-sharing): the
      // feature's notice is how it shows.
      let store = TestStore(initialState: Settings.State()) { Settings() }
      #expect(store.state.settings == .default)
      let directory = file.deletingLastPathComponent()
      let moved = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasPrefix("settings.json.corrupt-") }
      try #require(moved.count == 1)
      let movedPath = directory.appendingPathComponent(moved[0]).path
      #expect(FileManager.default.contents(atPath: movedPath) == bytes)
      #expect(
        store.state.notice
          == "Your settings file was unreadable; it was moved to \(movedPath); using defaults.")
      // A change writes a new file; the moved one is kept.
      await store.send(.pageSizeIncremented) {
        $0.$settings.withLock { $0.pageSize = 25 }
      }
      #expect(FileManager.default.contents(atPath: movedPath) == bytes)
      #expect(FileManager.default.fileExists(atPath: file.path))
    }
  }

  @Test
  func aChangeAnotherProcessWritesIsSeenAndObserved() async throws {
    try await withSettingsFile { file in
      let store = Store(initialState: Settings.State()) { Settings() }
      let changed = LockIsolated(false)
      withObservationTracking {
        _ = store.state.settings.pageSize
      } onChange: {
        changed.setValue(true)
      }
      // Written as another `tcal` would: a whole new file renamed over the old one.
      try JSONEncoder().encode(custom).write(to: file, options: .atomic)
      for _ in 0..<500 where store.state.settings != custom {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(store.state.settings == custom)
      #expect(changed.value)
    }
  }

  @Test
  func aFileThatCannotBeWrittenIsShownOnTheScreen() async throws {
    try await withSettingsFile { file in
      // The directory's parent is a regular file: nothing can be written below it.
      let blocker = file.deletingLastPathComponent().appendingPathComponent("config")
      try Data("not a directory".utf8).write(to: blocker)
      let target = blocker.appendingPathComponent("tcal/settings.json")
      let store = withDependencies {
        $0.userSettingsFile = target
      } operation: {
        TestStore(initialState: Settings.State()) { Settings() }
      }
      // In a test the save error is not reported as an issue: the feature's message shows it.
      await store.send(.themeSelected(.light)) {
        $0.$settings.withLock { $0.theme = .light }
        $0.errorMessage = "Couldn't save your settings to \(target.path): Not a directory."
      }
    }
  }
}

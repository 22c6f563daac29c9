import ComposableArchitecture
import Foundation
import SettingsFeature
import SettingsFeatureLive
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live settings file store, in temporary directories.
@Suite(.serialized)
struct SettingsClientLiveTests {
  /// A fixed moment, 2026-11-23T21:25:00Z, for names of moved-aside files.
  private static let moment = Date(timeIntervalSince1970: 1_795_469_100)

  /// Runs `body` with a fresh temporary directory, removed afterwards.
  private func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer {
      chmod(directory.path, 0o755)
      try? FileManager.default.removeItem(at: directory)
    }
    return try await body(directory)
  }

  private func client(_ directory: URL) -> SettingsClient {
    .live(directory: directory, now: { Self.moment })
  }

  private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  private let custom = UserSettings(
    theme: .light, pageSize: 45, searchDebounceMilliseconds: 150, showsPostPreviews: false)

  @Test
  func aMissingFileGivesTheDefaultsWithoutANotice() async throws {
    try await withTemporaryDirectory { directory in
      // Not even the directory exists yet.
      let missing = directory.appendingPathComponent("tcal")
      let load = try await client(missing).load()
      #expect(load == SettingsLoad(settings: .default))
      #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
  }

  @Test
  func savedSettingsLoadBack() async throws {
    try await withTemporaryDirectory { directory in
      let nested = directory.appendingPathComponent("config/tcal")
      try await client(nested).save(custom)
      #expect(try await client(nested).load() == SettingsLoad(settings: custom))
      // Only the settings file: no temporary file is left behind.
      #expect(try contents(of: nested) == ["settings.json"])
    }
  }

  @Test
  func aHandWrittenOlderFileLoads() async throws {
    try await withTemporaryDirectory { directory in
      try Data(#"{"theme": "light"}"#.utf8)
        .write(to: directory.appendingPathComponent("settings.json"))
      var expected = UserSettings.default
      expected.theme = .light
      #expect(try await client(directory).load() == SettingsLoad(settings: expected))
    }
  }

  @Test(arguments: [
    Data([0xFF, 0xFE, 0x00, 0x42, 0x13]),
    Data(#"{"pageSize": "twenty"}"#.utf8),
    Data(#"{"theme": "light""#.utf8),
    Data("[1, 2, 3]".utf8),
    Data(),
  ])
  func aCorruptFileIsMovedAsideAndTheDefaultsUsed(bytes: Data) async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("settings.json")
      try bytes.write(to: file)

      let load = try await client(directory).load()

      let aside = directory.appendingPathComponent("settings.json.corrupt-20261123T212500Z")
      #expect(load.settings == .default)
      #expect(
        load.notice
          == "Your settings file was unreadable; it was moved to \(aside.path); using defaults.")
      #expect(try contents(of: directory) == ["settings.json.corrupt-20261123T212500Z"])
      // Kept, byte for byte.
      #expect(try Data(contentsOf: aside) == bytes)
      // The next load finds no file: defaults, nothing to say.
      #expect(try await client(directory).load() == SettingsLoad(settings: .default))
    }
  }

  @Test
  func aSecondCorruptFileDoesNotReplaceTheFirstOneMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("settings.json")
      try Data("first".utf8).write(to: file)
      _ = try await client(directory).load()
      try Data("second".utf8).write(to: file)
      let load = try await client(directory).load()

      let second = directory.appendingPathComponent("settings.json.corrupt-20261123T212500Z-2")
      #expect(load.notice?.contains(second.path) == true)
      #expect(
        try contents(of: directory) == [
          "settings.json.corrupt-20261123T212500Z", "settings.json.corrupt-20261123T212500Z-2",
        ])
      #expect(try Data(contentsOf: second) == Data("second".utf8))
    }
  }

  @Test
  func anUnreadableFileIsMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      // A directory where the file should be cannot be read, even by root.
      let file = directory.appendingPathComponent("settings.json")
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)

      let load = try await client(directory).load()

      #expect(load.settings == .default)
      #expect(load.notice?.hasPrefix("Your settings file was unreadable; it was moved to ") == true)
      #expect(try contents(of: directory) == ["settings.json.corrupt-20261123T212500Z"])
    }
  }

  @Test(.enabled(if: FilePermissions.areEnforced, "root reads files whatever their mode"))
  func aFileWithoutReadPermissionIsMovedAside() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("settings.json")
      try JSONEncoder().encode(custom).write(to: file)
      chmod(file.path, 0o000)

      let load = try await client(directory).load()

      #expect(load.settings == .default)
      #expect(load.notice?.hasPrefix("Your settings file was unreadable; it was moved to ") == true)
      #expect(try contents(of: directory) == ["settings.json.corrupt-20261123T212500Z"])
    }
  }

  @Test
  func aSaveThatCannotCreateItsDirectoryThrowsAClearError() async throws {
    try await withTemporaryDirectory { directory in
      // The directory's parent is a regular file: nothing can be created below it.
      let blocker = directory.appendingPathComponent("config")
      try Data("not a directory".utf8).write(to: blocker)
      let target = blocker.appendingPathComponent("tcal")

      do {
        try await client(target).save(custom)
        Issue.record("The save succeeded.")
      } catch let error as SettingsClientError {
        guard case let .saveFailed(path, reason) = error else { return }
        #expect(path == target.appendingPathComponent("settings.json").path)
        #expect(!reason.isEmpty)
        #expect(
          error.localizedDescription == "Couldn't save your settings to \(path): \(reason).")
      }
    }
  }

  @Test(.enabled(if: ReadOnlyDirectory.canBeMade, "needs a directory that refuses new files"))
  func aSaveIntoAReadOnlyDirectoryThrowsAndLeavesTheOldFileIntact() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("settings.json")
      try await client(directory).save(custom)
      let before = try Data(contentsOf: file)
      try ReadOnlyDirectory.make(directory)
      defer { ReadOnlyDirectory.undo(directory) }

      await #expect(throws: SettingsClientError.self) {
        try await client(directory).save(.default)
      }

      #expect(try Data(contentsOf: file) == before)
      #expect(try contents(of: directory) == ["settings.json"])
      #expect(try await client(directory).load() == SettingsLoad(settings: custom))
    }
  }

  @Test(.enabled(if: ReadOnlyDirectory.canBeMade, "needs a directory that refuses new files"))
  func aCorruptFileThatCannotBeMovedAsideIsLeftAndTheDefaultsUsed() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("settings.json")
      try Data("garbage".utf8).write(to: file)
      try ReadOnlyDirectory.make(directory)
      defer { ReadOnlyDirectory.undo(directory) }

      let load = try await client(directory).load()

      #expect(load.settings == .default)
      let notice = try #require(load.notice)
      #expect(
        notice.hasPrefix(
          "Your settings file \(file.path) was unreadable and could not be moved aside ("))
      #expect(notice.hasSuffix("); using defaults."))
      #expect(try contents(of: directory) == ["settings.json"])
      #expect(try Data(contentsOf: file) == Data("garbage".utf8))
    }
  }

  @Test
  func aSaveThatCannotReplaceTheFileLeavesItAndNoTemporaryFile() async throws {
    try await withTemporaryDirectory { directory in
      // A non-empty directory named settings.json cannot be renamed over, even by root.
      let file = directory.appendingPathComponent("settings.json")
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
      try Data("keep".utf8).write(to: file.appendingPathComponent("keep"))

      await #expect(throws: SettingsClientError.self) {
        try await client(directory).save(custom)
      }

      #expect(try contents(of: directory) == ["settings.json"])
      #expect(try contents(of: file) == ["keep"])
    }
  }

  @Test
  func concurrentSaversNeverLeaveATornFile() async throws {
    try await withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("settings.json")
      let first = client(directory)
      let second = client(directory)
      let candidates = (0..<40).map { index in
        UserSettings(
          theme: UserSettings.Theme.allCases[index % 3], pageSize: 5 + index,
          searchDebounceMilliseconds: index * 50, showsPostPreviews: index.isMultiple(of: 2))
      }
      try await first.save(candidates[0])
      let saving = LockIsolated(true)

      let reads = try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask {
          try await withThrowingTaskGroup(of: Void.self) { savers in
            for saver in [first, second] {
              savers.addTask {
                for _ in 0..<5 {
                  for settings in candidates.shuffled() { try await saver.save(settings) }
                }
              }
            }
            try await savers.waitForAll()
          }
          saving.setValue(false)
          return 0
        }
        group.addTask {
          // For as long as the saves go on, every read decodes to one of the saved settings.
          var reads = 0
          var torn: [Data] = []
          while saving.value {
            let data = try Data(contentsOf: file)
            let settings = try? JSONDecoder().decode(UserSettings.self, from: data)
            if settings.map(candidates.contains) != true { torn.append(data) }
            reads += 1
          }
          #expect(
            torn.isEmpty,
            """
            \(torn.count) of \(reads) reads found no saved settings, such as \
            "\(String(decoding: torn.first ?? Data(), as: UTF8.self))"
            """)
          return reads
        }
        return try await group.reduce(0, +)
      }

      #expect(reads > 0)
      let load = try await first.load()
      #expect(load.notice == nil)
      #expect(candidates.contains(load.settings))
      #expect(try contents(of: directory) == ["settings.json"])
    }
  }

  @Test
  func theDirectoryFollowsXDGConfigHomeElseHome() {
    #expect(
      SettingsClient.defaultDirectory(environment: [
        "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/alice",
      ]).path == "/xdg/tcal")
    #expect(
      SettingsClient.defaultDirectory(environment: ["HOME": "/home/alice"]).path
        == "/home/alice/.config/tcal")
    // A relative XDG_CONFIG_HOME is ignored, as the specification says.
    #expect(
      SettingsClient.defaultDirectory(environment: [
        "XDG_CONFIG_HOME": "relative", "HOME": "/home/alice",
      ]).path == "/home/alice/.config/tcal")
  }

  @Test
  func theSettingsScreenSaysWhenTheFileCannotBeWritten() async throws {
    try await withTemporaryDirectory { directory in
      // The directory's parent is a regular file: nothing can be written below it.
      let blocker = directory.appendingPathComponent("config")
      try Data("not a directory".utf8).write(to: blocker)
      let target = blocker.appendingPathComponent("tcal")
      try await Self.changeTheme(savingTo: target)
    }
  }

  /// Changes the theme on a settings screen saving to `directory` and checks the failure is
  /// shown.
  @MainActor
  private static func changeTheme(savingTo directory: URL) async throws {
    var light = UserSettings.default
    light.theme = .light
    // What the store itself says about this directory.
    let error = await #expect(throws: SettingsClientError.self) {
      try await SettingsClient.live(directory: directory).save(light)
    }
    let message = try #require(error?.localizedDescription)
    let path = directory.appendingPathComponent("settings.json").path
    #expect(message.hasPrefix("Couldn't save your settings to \(path): "))

    let store = TestStore(initialState: Settings.State(hasLoaded: true)) {
      Settings()
    } withDependencies: {
      $0.settingsClient = .live(directory: directory)
    }

    await store.send(.themeSelected(.light)) {
      $0.settings.theme = .light
    }
    await store.receive(.delegate(.settingsChanged(light)))
    await store.receive(.saveFailed(message)) {
      $0.errorMessage = message
    }
    await store.finish()
  }
}

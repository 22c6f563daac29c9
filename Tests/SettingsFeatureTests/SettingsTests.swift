import AppSettings
import ComposableArchitecture
import FeatureTestSupport
import Foundation
import SettingsFeature
import SettingsFeatureTesting
import Testing

@MainActor
struct SettingsTests {
  @Test
  func theSettingsAreTheSavedOnesWithNoNotice() async {
    let saved = UserSettings(
      theme: .light, pageSize: 50, searchDebounceMilliseconds: 100, showsPostPreviews: false)
    let store = withDependencies {
      $0.defaultFileStorage = .settingsFile(saved)
    } operation: {
      TestStore(initialState: Settings.State()) { Settings() }
    }

    #expect(store.state.settings == saved)
    #expect(store.state.notice == nil)
  }

  @Test
  func aDamagedFileIsMovedAsideAndTheNoticeShownUntilDismissed() async {
    // In a test the load error is not reported as an issue (as in swift-sharing): the
    // feature's notice is how it shows.
    let store = withDependencies {
      $0.defaultFileStorage = .damagedSettingsFile
    } operation: {
      TestStore(initialState: Settings.State()) { Settings() }
    }

    #expect(store.state.settings == .default)
    #expect(
      store.state.notice
        == "Your settings file was unreadable; it was moved to "
        + "\(UserSettingsFileKey.testValue.path).corrupt; using defaults.")
    await store.send(.noticeDismissed) {
      $0.notice = nil
    }
  }

  @Test
  func movingTheSelectionIsClampedToTheRowsAndChangesNoSetting() async {
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    }

    await store.send(.moveSelection(-1))
    await store.send(.moveSelection(2)) {
      $0.selection = 2
    }
    #expect(store.state.selectedRow == .searchDebounce)
    await store.send(.moveSelection(10)) {
      $0.selection = 3
    }
    #expect(store.state.selectedRow == .postPreviews)
    await store.send(.moveSelection(-3)) {
      $0.selection = 0
    }
  }

  @Test
  func movingTheSelectionByTheLargestOffsetsStaysOnTheRows() async {
    let store = TestStore(initialState: Settings.State(selection: 2)) {
      Settings()
    }

    await store.send(.moveSelection(.max)) {
      $0.selection = 3
    }
    await store.send(.moveSelection(.min)) {
      $0.selection = 0
    }
  }

  @Test
  func eachChangeIsASharedChangeSavedAtOnce() async throws {
    let files = LockIsolated<[URL: Data]>([:])
    let store = withDependencies {
      $0.defaultFileStorage = .inMemory(files: files)
    } operation: {
      TestStore(initialState: Settings.State()) { Settings() }
    }

    await store.send(.themeSelected(.noColor)) {
      $0.$settings.withLock { $0.theme = .noColor }
    }
    await store.send(.pageSizeIncremented) {
      $0.$settings.withLock { $0.pageSize = 25 }
    }
    await store.send(.pageSizeDecremented) {
      $0.$settings.withLock { $0.pageSize = 20 }
    }
    await store.send(.searchDebounceIncremented) {
      $0.$settings.withLock { $0.searchDebounceMilliseconds = 350 }
    }
    await store.send(.searchDebounceDecremented) {
      $0.$settings.withLock { $0.searchDebounceMilliseconds = 300 }
    }
    await store.send(.showsPostPreviewsToggled) {
      $0.$settings.withLock { $0.showsPostPreviews = false }
    }

    // Every other holder of the key sees the change, and the file holds it.
    let settings = withDependencies {
      $0.defaultFileStorage = .inMemory(files: files)
    } operation: {
      SharedReader(.userSettings)
    }
    #expect(settings.wrappedValue.theme == .noColor)
    #expect(settings.wrappedValue.showsPostPreviews == false)
    let saved = try #require(files[UserSettingsFileKey.testValue])
    #expect(try JSONDecoder().decode(UserSettings.self, from: saved) == store.state.settings)
  }

  @Test
  func changesPastTheLimitsChangeNothing() async {
    @Shared(.userSettings) var settings
    $settings.withLock {
      $0 = UserSettings(
        theme: .dark, pageSize: 100, searchDebounceMilliseconds: 0, showsPostPreviews: true)
    }
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    }

    await store.send(.pageSizeIncremented)
    await store.send(.searchDebounceDecremented)
    await store.send(.themeSelected(.dark))
  }

  @Test
  func resetGoesBackToTheDefaults() async {
    @Shared(.userSettings) var settings
    $settings.withLock {
      $0 = UserSettings(
        theme: .light, pageSize: 5, searchDebounceMilliseconds: 2000, showsPostPreviews: false)
    }
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    }

    await store.send(.resetToDefaults) {
      $0.$settings.withLock { $0 = .default }
    }
  }

  @Test
  func anUnassertedChangeToTheSharedSettingsFailsTheTest() async {
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    }

    await withKnownIssue {
      await store.send(.pageSizeIncremented)
    }
  }

  @Test
  func aFailedSaveKeepsTheChangeAndSaysWhy() async {
    // A file under /dev/null: its directory can never be made.
    let store = withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.userSettingsFile = URL(fileURLWithPath: "/dev/null/tcal/settings.json")
    } operation: {
      TestStore(initialState: Settings.State()) { Settings() }
    }

    let message = "Couldn't save your settings to /dev/null/tcal/settings.json: Not a directory."
    // In a test the save error is not reported as an issue: the feature's message shows it.
    await store.send(.themeSelected(.light)) {
      $0.$settings.withLock { $0.theme = .light }
      $0.errorMessage = message
    }
    await store.send(.noticeDismissed) {
      $0.errorMessage = nil
    }
  }
}

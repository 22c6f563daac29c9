import ComposableArchitecture
import FeatureTestSupport
import Foundation
import SettingsFeature
import SettingsFeatureTesting
import Testing

@MainActor
struct SettingsTests {
  @Test
  func appearingLoadsAndAnnouncesTheSavedSettings() async {
    let saved = UserSettings(
      theme: .light, pageSize: 50, searchDebounceMilliseconds: 100, showsPostPreviews: false)
    let memory = InMemorySettingsStore(settings: saved)
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    } withDependencies: {
      $0.settingsClient = memory.client
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.settingsLoaded(SettingsLoad(settings: saved))) {
      $0.isLoading = false
      $0.hasLoaded = true
      $0.settings = saved
    }
    await store.receive(.delegate(.settingsChanged(saved)))
    // Loading does not save the settings back.
    #expect(memory.saves.isEmpty)

    // Loaded: appearing again does nothing.
    await store.send(.onAppear)
    await store.finish()
  }

  @Test
  func appearingWhileLoadingDoesNotLoadTwice() async {
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    } withDependencies: {
      $0.settingsClient = .never
    }

    let task = await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.send(.onAppear)
    await task.cancel()
    await store.finish()
  }

  @Test
  func aNoticeFromLoadingIsShownUntilDismissed() async {
    let notice = "Your settings file was unreadable; it was moved to /x; using defaults."
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    } withDependencies: {
      $0.settingsClient = .loading(.default, notice: notice)
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.settingsLoaded(SettingsLoad(settings: .default, notice: notice))) {
      $0.isLoading = false
      $0.hasLoaded = true
      $0.notice = notice
    }
    await store.receive(.delegate(.settingsChanged(.default)))
    await store.send(.noticeDismissed) {
      $0.notice = nil
    }
    await store.finish()
  }

  @Test
  func aFailedLoadKeepsTheDefaultsAndSaysWhy() async {
    struct Unreadable: LocalizedError {
      var errorDescription: String? { "The settings could not be read." }
    }
    let error = Unreadable()
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    } withDependencies: {
      $0.settingsClient = .failing(error)
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.loadFailed(error.localizedDescription)) {
      $0.isLoading = false
      $0.hasLoaded = true
      $0.errorMessage = "The settings could not be read."
    }
    await store.finish()
  }

  @Test
  func movingTheSelectionIsClampedToTheRowsAndSavesNothing() async {
    let store = TestStore(initialState: Settings.State(hasLoaded: true)) {
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
    let store = TestStore(initialState: Settings.State(hasLoaded: true, selection: 2)) {
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
  func eachChangeIsSavedAndAnnouncedAtOnce() async {
    let memory = InMemorySettingsStore()
    let store = TestStore(initialState: Settings.State(hasLoaded: true)) {
      Settings()
    } withDependencies: {
      $0.settingsClient = memory.client
    }

    var expected = UserSettings.default
    expected.theme = .noColor
    await store.send(.themeSelected(.noColor)) {
      $0.settings.theme = .noColor
    }
    await store.receive(.delegate(.settingsChanged(expected)))

    expected.pageSize = 25
    await store.send(.pageSizeIncremented) {
      $0.settings.pageSize = 25
    }
    await store.receive(.delegate(.settingsChanged(expected)))

    expected.pageSize = 20
    await store.send(.pageSizeDecremented) {
      $0.settings.pageSize = 20
    }
    await store.receive(.delegate(.settingsChanged(expected)))

    expected.searchDebounceMilliseconds = 350
    await store.send(.searchDebounceIncremented) {
      $0.settings.searchDebounceMilliseconds = 350
    }
    await store.receive(.delegate(.settingsChanged(expected)))

    expected.searchDebounceMilliseconds = 300
    await store.send(.searchDebounceDecremented) {
      $0.settings.searchDebounceMilliseconds = 300
    }
    await store.receive(.delegate(.settingsChanged(expected)))

    expected.showsPostPreviews = false
    await store.send(.showsPostPreviewsToggled) {
      $0.settings.showsPostPreviews = false
    }
    await store.receive(.delegate(.settingsChanged(expected)))

    await store.finish()
    #expect(memory.settings == expected)
    #expect(memory.saves.last == expected)
  }

  @Test
  func bindingsAreSavedAnnouncedAndClamped() async {
    let memory = InMemorySettingsStore()
    let store = TestStore(initialState: Settings.State(hasLoaded: true)) {
      Settings()
    } withDependencies: {
      $0.settingsClient = memory.client
    }

    var expected = UserSettings.default
    expected.pageSize = 100
    await store.send(.binding(.set(\.settings.pageSize, 1000))) {
      $0.settings.pageSize = 100
    }
    await store.receive(.delegate(.settingsChanged(expected)))

    expected.theme = .light
    await store.send(.binding(.set(\.settings.theme, .light))) {
      $0.settings.theme = .light
    }
    await store.receive(.delegate(.settingsChanged(expected)))
    await store.finish()
    #expect(memory.settings == expected)
  }

  @Test
  func changesPastTheLimitsChangeNothingAndSaveNothing() async {
    let limits = UserSettings(
      theme: .dark, pageSize: 100, searchDebounceMilliseconds: 0, showsPostPreviews: true)
    let memory = InMemorySettingsStore(settings: limits)
    let store = TestStore(initialState: Settings.State(settings: limits, hasLoaded: true)) {
      Settings()
    } withDependencies: {
      $0.settingsClient = memory.client
    }

    await store.send(.pageSizeIncremented)
    await store.send(.searchDebounceDecremented)
    await store.send(.themeSelected(.dark))
    #expect(memory.saves.isEmpty)
    await store.finish()
  }

  @Test
  func resetGoesBackToTheDefaults() async {
    let changed = UserSettings(
      theme: .light, pageSize: 5, searchDebounceMilliseconds: 2000, showsPostPreviews: false)
    let memory = InMemorySettingsStore(settings: changed)
    let store = TestStore(initialState: Settings.State(settings: changed, hasLoaded: true)) {
      Settings()
    } withDependencies: {
      $0.settingsClient = memory.client
    }

    await store.send(.resetToDefaults) {
      $0.settings = .default
    }
    await store.receive(.delegate(.settingsChanged(.default)))
    await store.finish()
    #expect(memory.saves == [.default])
  }

  @Test
  func aFailedSaveKeepsTheChangeAndSaysWhy() async {
    let error = SettingsClientError.saveFailed(
      path: "/etc/tcal/settings.json", reason: "Read-only file system")
    let store = TestStore(initialState: Settings.State(hasLoaded: true)) {
      Settings()
    } withDependencies: {
      $0.settingsClient = .failingSaves(error)
    }

    var expected = UserSettings.default
    expected.theme = .light
    await store.send(.themeSelected(.light)) {
      $0.settings.theme = .light
    }
    await store.receive(.delegate(.settingsChanged(expected)))
    let message =
      "Couldn't save your settings to /etc/tcal/settings.json: Read-only file system."
    await store.receive(.saveFailed(message)) {
      $0.errorMessage = message
    }

    // The next change tries again and clears the message.
    expected.theme = .dark
    await store.send(.themeSelected(.dark)) {
      $0.settings.theme = .dark
      $0.errorMessage = nil
    }
    await store.receive(.delegate(.settingsChanged(expected)))
    await store.receive(.saveFailed(message)) {
      $0.errorMessage = message
    }
    await store.send(.noticeDismissed) {
      $0.errorMessage = nil
    }
    await store.finish()
  }

  @Test
  func aNewerSaveReplacesOneInFlight() async {
    let gate = Gate()
    let first = UserSettings(
      theme: .light, pageSize: 20, searchDebounceMilliseconds: 300, showsPostPreviews: true)
    let written = LockIsolated<[UserSettings]>([])
    let store = TestStore(initialState: Settings.State(hasLoaded: true)) {
      Settings()
    } withDependencies: {
      $0.settingsClient.save = { settings in
        // The first save is held until cancelled; the next one writes at once.
        if settings == first { try await gate.wait() }
        written.withValue { $0.append(settings) }
      }
    }

    await store.send(.themeSelected(.light)) {
      $0.settings.theme = .light
    }
    await store.receive(.delegate(.settingsChanged(first)))
    var second = first
    second.theme = .noColor
    await store.send(.themeSelected(.noColor)) {
      $0.settings.theme = .noColor
    }
    await store.receive(.delegate(.settingsChanged(second)))
    await store.finish()
    // Let the first save through, should it still be waiting: it must not write.
    gate.open()
    #expect(written.value == [second])
  }
}

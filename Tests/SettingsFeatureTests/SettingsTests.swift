import ComposableArchitecture
import SettingsFeature
import SettingsFeatureLive
import SettingsFeatureTesting
import Testing

@MainActor
struct SettingsFeatureTests {
  @Test
  func loadShowsTheClientsMessage() async {
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    } withDependencies: {
      $0.settingsClient = .mock
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.messageLoaded(SettingsClient.mockMessage)) {
      $0.isLoading = false
      $0.message = SettingsClient.mockMessage
    }
  }

  @Test
  func loadShowsTheClientsError() async {
    let store = TestStore(initialState: Settings.State()) {
      Settings()
    } withDependencies: {
      $0.settingsClient = .failing
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    let error = SettingsClientError.notImplemented(endpoint: "SettingsClient.load")
    await store.receive(.loadFailed(String(describing: error))) {
      $0.isLoading = false
      $0.errorMessage = String(describing: error)
    }
  }

  @Test
  func theLiveClientSaysWhatIsNotImplemented() async {
    await #expect(
      throws: SettingsClientError.notImplemented(endpoint: "SettingsClient.load")
    ) {
      try await SettingsClient.liveValue.load()
    }
  }
}

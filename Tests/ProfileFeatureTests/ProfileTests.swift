import ComposableArchitecture
import ProfileFeature
import ProfileFeatureLive
import ProfileFeatureTesting
import Testing

@MainActor
struct ProfileFeatureTests {
  @Test
  func loadShowsTheClientsMessage() async {
    let store = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.profileClient = .mock
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.messageLoaded(ProfileClient.mockMessage)) {
      $0.isLoading = false
      $0.message = ProfileClient.mockMessage
    }
  }

  @Test
  func loadShowsTheClientsError() async {
    let store = TestStore(initialState: Profile.State()) {
      Profile()
    } withDependencies: {
      $0.profileClient = .failing
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    let error = ProfileClientError.notImplemented(endpoint: "ProfileClient.load")
    await store.receive(.loadFailed(String(describing: error))) {
      $0.isLoading = false
      $0.errorMessage = String(describing: error)
    }
  }

  @Test
  func theLiveClientSaysWhatIsNotImplemented() async {
    await #expect(
      throws: ProfileClientError.notImplemented(endpoint: "ProfileClient.load")
    ) {
      try await ProfileClient.liveValue.load()
    }
  }
}

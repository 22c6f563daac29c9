import ComposableArchitecture
import HomeFeature
import HomeFeatureLive
import HomeFeatureTesting
import Testing

@MainActor
struct HomeFeatureTests {
  @Test
  func loadShowsTheClientsMessage() async {
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient = .mock
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.messageLoaded(HomeClient.mockMessage)) {
      $0.isLoading = false
      $0.message = HomeClient.mockMessage
    }
  }

  @Test
  func loadShowsTheClientsError() async {
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient = .failing
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    let error = HomeClientError.notImplemented(endpoint: "HomeClient.load")
    await store.receive(.loadFailed(String(describing: error))) {
      $0.isLoading = false
      $0.errorMessage = String(describing: error)
    }
  }

  @Test
  func theLiveClientSaysWhatIsNotImplemented() async {
    await #expect(
      throws: HomeClientError.notImplemented(endpoint: "HomeClient.load")
    ) {
      try await HomeClient.liveValue.load()
    }
  }
}

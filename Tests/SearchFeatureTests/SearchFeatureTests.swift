import ComposableArchitecture
import SearchFeature
import SearchFeatureLive
import SearchFeatureTesting
import Testing

@MainActor
struct SearchFeatureTests {
  @Test
  func loadShowsTheClientsMessage() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.searchClient = .mock
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.messageLoaded(SearchClient.mockMessage)) {
      $0.isLoading = false
      $0.message = SearchClient.mockMessage
    }
  }

  @Test
  func loadShowsTheClientsError() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.searchClient = .failing
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    let error = SearchClientError.notImplemented(endpoint: "SearchClient.load")
    await store.receive(.loadFailed(String(describing: error))) {
      $0.isLoading = false
      $0.errorMessage = String(describing: error)
    }
  }

  @Test
  func theLiveClientSaysWhatIsNotImplemented() async {
    await #expect(
      throws: SearchClientError.notImplemented(endpoint: "SearchClient.load")
    ) {
      try await SearchClient.liveValue.load()
    }
  }
}

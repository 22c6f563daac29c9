import ComposableArchitecture
import UserDetailFeature
import UserDetailFeatureLive
import UserDetailFeatureTesting
import Testing

@MainActor
struct UserDetailFeatureTests {
  @Test
  func loadShowsTheClientsMessage() async {
    let store = TestStore(initialState: UserDetail.State()) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .mock
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.messageLoaded(UserDetailClient.mockMessage)) {
      $0.isLoading = false
      $0.message = UserDetailClient.mockMessage
    }
  }

  @Test
  func loadShowsTheClientsError() async {
    let store = TestStore(initialState: UserDetail.State()) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .failing
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    let error = UserDetailClientError.notImplemented(endpoint: "UserDetailClient.load")
    await store.receive(.loadFailed(String(describing: error))) {
      $0.isLoading = false
      $0.errorMessage = String(describing: error)
    }
  }

  @Test
  func theLiveClientSaysWhatIsNotImplemented() async {
    await #expect(
      throws: UserDetailClientError.notImplemented(endpoint: "UserDetailClient.load")
    ) {
      try await UserDetailClient.liveValue.load()
    }
  }
}

import ComposableArchitecture
import UserListFeature
import UserListFeatureLive
import UserListFeatureTesting
import Testing

@MainActor
struct UserListFeatureTests {
  @Test
  func loadShowsTheClientsMessage() async {
    let store = TestStore(initialState: UserList.State()) {
      UserList()
    } withDependencies: {
      $0.userListClient = .mock
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.messageLoaded(UserListClient.mockMessage)) {
      $0.isLoading = false
      $0.message = UserListClient.mockMessage
    }
  }

  @Test
  func loadShowsTheClientsError() async {
    let store = TestStore(initialState: UserList.State()) {
      UserList()
    } withDependencies: {
      $0.userListClient = .failing
    }

    await store.send(.loadButtonTapped) {
      $0.isLoading = true
    }
    let error = UserListClientError.notImplemented(endpoint: "UserListClient.load")
    await store.receive(.loadFailed(String(describing: error))) {
      $0.isLoading = false
      $0.errorMessage = String(describing: error)
    }
  }

  @Test
  func theLiveClientSaysWhatIsNotImplemented() async {
    await #expect(
      throws: UserListClientError.notImplemented(endpoint: "UserListClient.load")
    ) {
      try await UserListClient.liveValue.load()
    }
  }
}

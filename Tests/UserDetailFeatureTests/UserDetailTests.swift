import APIClient
import AppSettings
import ComposableArchitecture
import FeatureKit
import FeatureTestSupport
import SharedModels
import SharedModelsTesting
import Testing
import UserDetailFeature
import UserDetailFeatureTesting

@MainActor
@Suite(.mainSerialExecutor)
struct UserDetailTests {
  /// Page `page` of Alice's posts in ``UserDetailClient/mock``, `limit` a page.
  nonisolated static func page(_ page: Int, limit: Int = 20) -> Page<Post> {
    .fixture(of: UserDetailClient.mockPosts(by: .alice), page: page, limit: limit)
  }

  /// Alice as ``UserDetailClient/mock`` knows her: with her 45 posts.
  static let alice = UserDetailClient.mockUsers[0]

  /// Alice's posts numbered `numbers` (1 is her first), newest first.
  static func posts(_ numbers: ClosedRange<Int>) -> IdentifiedArrayOf<Post> {
    let newestFirst = UserDetailClient.mockPosts(by: .alice)
    return IdentifiedArray(uniqueElements: numbers.reversed().map { newestFirst[45 - $0] })
  }

  /// Alice's screen with her first `pages` pages of posts loaded.
  static func loaded(pages: Int, selection: Int = 0) -> UserDetail.State {
    UserDetail.State(
      userID: User.alice.id,
      user: Self.alice,
      posts: posts((46 - 20 * pages)...45),
      selection: selection,
      paging: Paging(nextPage: pages + 1)
    )
  }

  @Test
  func onAppearLoadsTheUserThenTheFirstPageOfPosts() async {
    let store = TestStore(initialState: UserDetail.State(userID: User.alice.id)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .mock
    }

    #expect(store.state.showsPostPreviews)
    await store.send(.onAppear) {
      $0.isLoadingUser = true
    }
    await store.receive(.userLoaded(Self.alice)) {
      $0.isLoadingUser = false
      $0.user = Self.alice
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.posts = Self.posts(26...45)
      $0.paging.nextPage = 2
    }
    await store.send(.onAppear)
  }

  @Test
  func anUnknownIdShowsTheNotFoundState() async {
    let store = TestStore(initialState: UserDetail.State(userID: 999)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .mock
    }

    await store.send(.onAppear) {
      $0.isLoadingUser = true
    }
    await store.receive(.userNotFound) {
      $0.isLoadingUser = false
      $0.isNotFound = true
      $0.paging.nextPage = nil
    }
    await store.send(.onAppear)
    await store.send(.retry)
    await store.send(.loadNextPage)
    await store.send(.moveSelection(1))
  }

  @Test
  func refreshingAnUnknownUserAsksAgain() async {
    let store = TestStore(
      initialState: UserDetail.State(userID: 999, isNotFound: true, paging: Paging(nextPage: nil))
    ) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .notFound
    }

    await store.send(.refresh) {
      $0.isLoadingUser = true
    }
    await store.receive(.userNotFound) {
      $0.isLoadingUser = false
    }
  }

  @Test
  func aUserRemovedBetweenRequestsShowsTheNotFoundState() async {
    let store = TestStore(initialState: Self.loaded(pages: 1, selection: 16)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .notFound
    }

    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.userNotFound) {
      $0.user = nil
      $0.posts = []
      $0.selection = 0
      $0.isNotFound = true
      $0.paging.nextPage = nil
      $0.paging.loadingPage = nil
    }
  }

  @Test
  func aFailedUserLoadShowsItsMessageAndRetryLoadsTheUser() async {
    let store = TestStore(initialState: UserDetail.State(userID: User.alice.id)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .failing(APIError.transport("connection refused"))
    }

    await store.send(.onAppear) {
      $0.isLoadingUser = true
    }
    await store.receive(.userFailed(APIError.transport("").message)) {
      $0.isLoadingUser = false
      $0.userFailed = true
      $0.errorMessage = "Can't reach the server. Check that it is running and try again."
    }

    store.dependencies.userDetailClient = .mock
    await store.send(.retry) {
      $0.isLoadingUser = true
      $0.userFailed = false
      $0.errorMessage = nil
    }
    await store.receive(.userLoaded(Self.alice)) {
      $0.isLoadingUser = false
      $0.user = Self.alice
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.posts = Self.posts(26...45)
      $0.paging.nextPage = 2
    }
  }

  @Test
  func aFailedPageShowsItsMessageAndRetryLoadsThatPage() async {
    let store = TestStore(initialState: Self.loaded(pages: 1, selection: 14)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .failing(APIError.server(status: 503))
    }

    await store.send(.moveSelection(1)) {
      $0.selection = 15
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageFailed(APIError.server(status: 503).message)) {
      $0.paging.loadingPage = nil
      $0.paging.failedPage = 2
      $0.errorMessage = "The server ran into a problem (503). Please try again."
    }
    await store.send(.moveSelection(1)) {
      $0.selection = 16
    }
    await store.send(.loadNextPage)

    store.dependencies.userDetailClient = .mock
    await store.send(.retry) {
      $0.paging.loadingPage = 2
      $0.paging.failedPage = nil
      $0.errorMessage = nil
    }
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.posts = Self.posts(6...45)
      $0.paging.nextPage = 3
    }
    await store.send(.retry)
  }

  @Test
  func theNextPagesLoadAsTheSelectionNearsTheEndUntilTheLast() async {
    let store = TestStore(initialState: Self.loaded(pages: 1, selection: 14)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .mock
    }

    await store.send(.moveSelection(1)) {
      $0.selection = 15
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.posts = Self.posts(6...45)
      $0.paging.nextPage = 3
    }
    await store.send(.moveSelection(20)) {
      $0.selection = 35
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 3
    }
    await store.receive(.pageLoaded(Self.page(3))) {
      $0.paging.loadingPage = nil
      $0.posts = Self.posts(1...45)
      $0.paging.nextPage = nil
    }
    #expect(store.state.isAtEnd)
    await store.send(.moveSelection(Int.max)) {
      $0.selection = 44
    }
    await store.send(.loadNextPage)
  }

  @Test
  func noSecondPageLoadStartsWhileOneIsInFlight() async {
    let clock = TestClock()
    let requests = LockIsolated<[Int]>([])
    let store = TestStore(initialState: Self.loaded(pages: 1, selection: 15)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient.posts = { _, page, limit in
        requests.withValue { $0.append(page) }
        try await clock.sleep(for: .seconds(1))
        return .fixture(of: UserDetailClient.mockPosts(by: .alice), page: page, limit: limit)
      }
    }

    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.send(.moveSelection(1)) {
      $0.selection = 16
    }
    await store.send(.loadNextPage)
    await clock.advance(by: .seconds(1))
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.posts = Self.posts(6...45)
      $0.paging.nextPage = 3
    }
    #expect(requests.value == [2])
  }

  @Test
  func noPageLoadsWhileTheUserIsLoading() async {
    var state = Self.loaded(pages: 1, selection: 19)
    state.isLoadingUser = true
    let store = TestStore(initialState: state) {
      UserDetail()
    }

    await store.send(.loadNextPage)
    await store.send(.moveSelection(-1)) {
      $0.selection = 18
    }
  }

  @Test
  func everyRequestUsesThePageSizeOfTheSharedSettings() async {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.pageSize = 30 }
    let limits = LockIsolated<[Int]>([])
    let store = TestStore(initialState: UserDetail.State(userID: User.alice.id)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .mock
      $0.userDetailClient.posts = { _, page, limit in
        limits.withValue { $0.append(limit) }
        return .fixture(of: UserDetailClient.mockPosts(by: .alice), page: page, limit: limit)
      }
    }

    await store.send(.onAppear) {
      $0.isLoadingUser = true
    }
    await store.receive(.userLoaded(Self.alice)) {
      $0.isLoadingUser = false
      $0.user = Self.alice
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1, limit: 30))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 30
      $0.posts = Self.posts(16...45)
      $0.paging.nextPage = 2
    }
    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(Self.page(2, limit: 30))) {
      $0.paging.loadingPage = nil
      $0.posts = Self.posts(1...45)
      $0.paging.nextPage = nil
    }
    #expect(limits.value == [30, 30])
  }

  @Test
  func aNewPageSizeAppliesFromTheNextRefreshSoNoPostIsSkipped() async {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.pageSize = 50 }
    let limits = LockIsolated<[Int]>([])
    var state = Self.loaded(pages: 1)
    state.paging.limit = 20
    let store = TestStore(initialState: state) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .mock
      $0.userDetailClient.posts = { _, page, limit in
        limits.withValue { $0.append(limit) }
        return .fixture(of: UserDetailClient.mockPosts(by: .alice), page: page, limit: limit)
      }
    }

    // The page size became 50 while 20 posts were shown: page 2 of 50 would skip posts, so the
    // next page keeps the size the shown pages were cut with.
    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.posts = Self.posts(6...45)
      $0.paging.nextPage = 3
    }
    await store.send(.refresh) {
      $0.isLoadingUser = true
    }
    await store.receive(.userLoaded(Self.alice)) {
      $0.isLoadingUser = false
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1, limit: 50))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 50
      $0.posts = Self.posts(1...45)
      $0.paging.nextPage = nil
    }
    #expect(limits.value == [20, 50])
  }

  @Test
  func refreshReloadsTheUserAndReplacesThePosts() async {
    let renamed = User.fixture(id: User.alice.id, displayName: "Alice L.")
    let store = TestStore(initialState: Self.loaded(pages: 2, selection: 30)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient.user = { _ in renamed }
      $0.userDetailClient.posts = { _, page, limit in
        .fixture(of: Post.fixtures(ids: 1...3, author: renamed), page: page, limit: limit)
      }
    }

    await store.send(.refresh) {
      $0.isLoadingUser = true
    }
    await store.receive(.userLoaded(renamed)) {
      $0.isLoadingUser = false
      $0.user = renamed
      $0.paging.loadingPage = 1
    }
    let fresh = Page.fixture(of: Post.fixtures(ids: 1...3, author: renamed), page: 1, limit: 20)
    await store.receive(.pageLoaded(fresh)) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.posts = IdentifiedArray(uniqueElements: fresh.items)
      $0.selection = 2
      $0.paging.nextPage = nil
    }
  }

  @Test
  func refreshCancelsThePageLoadInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: Self.loaded(pages: 1)) {
      UserDetail()
    } withDependencies: {
      // The user answers after two seconds; page 1 at once, later pages after a second.
      $0.userDetailClient.user = { _ in
        try await clock.sleep(for: .seconds(2))
        return UserDetailClient.mockUsers[0]
      }
      $0.userDetailClient.posts = { _, page, limit in
        if page > 1 { try await clock.sleep(for: .seconds(1)) }
        return .fixture(of: UserDetailClient.mockPosts(by: .alice), page: page, limit: limit)
      }
    }

    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.send(.refresh) {
      $0.paging.loadingPage = nil
      $0.isLoadingUser = true
    }
    // Had page 2 not been cancelled, its answer would now be an action nobody received.
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    await store.receive(.userLoaded(Self.alice)) {
      $0.isLoadingUser = false
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
    }
  }

  @Test
  func anAnswerForAnotherUserIsDropped() async {
    let store = TestStore(
      initialState: UserDetail.State(userID: User.alice.id, isLoadingUser: true)
    ) {
      UserDetail()
    }

    await store.send(.userLoaded(.zoe))
    await store.send(.pageLoaded(Self.page(2)))
    await store.send(.pageFailed("late"))
  }

  @Test
  func aUserWithoutPostsIsAtTheEnd() async {
    let store = TestStore(initialState: UserDetail.State(userID: User.hana.id)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .empty
    }

    await store.send(.onAppear) {
      $0.isLoadingUser = true
    }
    await store.receive(.userLoaded(.hana)) {
      $0.isLoadingUser = false
      $0.user = .hana
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Page(items: [], page: 1, limit: 20, total: 0))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.paging.nextPage = nil
    }
    await store.send(.moveSelection(1))
  }

  @Test
  func closeAsksTheParentToClose() async {
    let store = TestStore(initialState: UserDetail.State(userID: 1)) {
      UserDetail()
    }

    await store.send(.close)
    await store.receive(.delegate(.close))
  }

  @Test
  func leavingWhileLoadingCancelsTheRequests() async {
    let store = TestStore(initialState: UserDetail.State(userID: 1)) {
      UserDetail()
    } withDependencies: {
      $0.userDetailClient = .never
    }

    let task = await store.send(.onAppear) {
      $0.isLoadingUser = true
    }
    await task.cancel()
  }
}

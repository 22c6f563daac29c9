import APIClient
import AppSettings
import ComposableArchitecture
import FeatureKit
import FeatureTestSupport
import SharedModels
import SharedModelsTesting
import Testing
import UserListFeature
import UserListFeatureTesting

@MainActor
@Suite(.mainSerialExecutor)
struct UserListTests {
  /// Page `page` of ``UserListClient/mockUsers``, `limit` a page.
  nonisolated static func page(_ page: Int, limit: Int = 20) -> Page<User> {
    .fixture(of: UserListClient.mockUsers, page: page, limit: limit)
  }

  /// Users `ids` of ``UserListClient/mockUsers``.
  static func users(_ ids: ClosedRange<Int>) -> IdentifiedArrayOf<User> {
    IdentifiedArray(uniqueElements: ids.map { UserListClient.mockUsers[$0 - 1] })
  }

  @Test
  func aPageClaimingMoreAfterTheLastPageNumberEndsTheList() async {
    // A server's bad answer: page `Int.max` saying another follows. Counting on would overflow.
    var page = Page(items: [User.fixture(id: 1)], page: .max, limit: 20, total: 1)
    page.hasMore = true
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...20), paging: Paging(nextPage: .max, loadingPage: .max))
    ) {
      UserList()
    }

    await store.send(.pageLoaded(page)) {
      $0.paging.loadingPage = nil
      $0.paging.nextPage = nil
    }
  }

  @Test
  func onAppearLoadsTheFirstPageOnce() async {
    let store = TestStore(initialState: UserList.State()) {
      UserList()
    } withDependencies: {
      $0.userListClient = .mock
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.users = Self.users(1...20)
      $0.paging.nextPage = 2
    }
    await store.send(.onAppear)
  }

  @Test
  func downOnTheLastLoadedRowMovesOnceTheNextPageArrives() async {
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...20), selection: 19, paging: Paging(nextPage: 2, limit: 20))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient = .mock
    }

    await store.send(.moveSelection(1)) {
      $0.paging.pendingMove = 1
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.paging.pendingMove = 0
      $0.users = Self.users(1...40)
      $0.paging.nextPage = 3
      $0.selection = 20
    }
  }

  @Test
  func aPageKeyInAWindowTallerThanAPageLoadsAsManyPagesAsItMoves() async {
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...20), selection: 0, paging: Paging(nextPage: 2, limit: 20))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient = .mock
    }

    // A window showing 42 rows: the page key moves 41.
    await store.send(.moveSelection(41)) {
      $0.selection = 19
      $0.paging.pendingMove = 22
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.users = Self.users(1...40)
      $0.paging.nextPage = 3
      $0.selection = 39
      $0.paging.pendingMove = 2
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 3
    }
    await store.receive(.pageLoaded(Self.page(3))) {
      $0.paging.loadingPage = nil
      $0.users = Self.users(1...45)
      $0.paging.nextPage = nil
      $0.selection = 41
      $0.paging.pendingMove = 0
    }
  }

  @Test
  func onAppearWhileLoadingDoesNotLoadAgain() async {
    let clock = TestClock()
    let requests = LockIsolated<[Int]>([])
    let store = TestStore(initialState: UserList.State()) {
      UserList()
    } withDependencies: {
      $0.userListClient.users = { page, limit in
        requests.withValue { $0.append(page) }
        try await clock.sleep(for: .seconds(1))
        return .fixture(of: UserListClient.mockUsers, page: page, limit: limit)
      }
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.send(.onAppear)
    await store.send(.loadNextPage)
    await store.send(.moveSelection(1))
    await clock.advance(by: .seconds(1))
    await store.receive(.pageLoaded(Self.page(1))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.users = Self.users(1...20)
      $0.paging.nextPage = 2
    }
    #expect(requests.value == [1])
  }

  @Test
  func theNextPageLoadsWhenTheSelectionComesWithinFiveRowsOfTheEnd() async {
    let store = TestStore(
      initialState: UserList.State(users: Self.users(1...20), paging: Paging(nextPage: 2))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient = .mock
    }

    await store.send(.moveSelection(14)) {
      $0.selection = 14
    }
    await store.send(.moveSelection(1)) {
      $0.selection = 15
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.users = Self.users(1...40)
      $0.paging.nextPage = 3
    }
  }

  @Test
  func theLastPageEndsTheList() async {
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...40), selection: 34, paging: Paging(nextPage: 3))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient = .mock
    }

    await store.send(.moveSelection(1)) {
      $0.selection = 35
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 3
    }
    await store.receive(.pageLoaded(Self.page(3))) {
      $0.paging.loadingPage = nil
      $0.users = Self.users(1...45)
      $0.paging.nextPage = nil
    }
    #expect(store.state.isAtEnd)
    await store.send(.moveSelection(100)) {
      $0.selection = 44
    }
    await store.send(.loadNextPage)
  }

  @Test
  func noSecondPageLoadStartsWhileOneIsInFlight() async {
    let clock = TestClock()
    let requests = LockIsolated<[Int]>([])
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...20), selection: 14, paging: Paging(nextPage: 2))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient.users = { page, limit in
        requests.withValue { $0.append(page) }
        try await clock.sleep(for: .seconds(1))
        return .fixture(of: UserListClient.mockUsers, page: page, limit: limit)
      }
    }

    await store.send(.moveSelection(1)) {
      $0.selection = 15
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.send(.moveSelection(1)) {
      $0.selection = 16
    }
    await store.send(.loadNextPage)
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.users = Self.users(1...40)
      $0.paging.nextPage = 3
    }
    #expect(requests.value == [2])
  }

  @Test
  func everyRequestUsesThePageSizeOfTheSharedSettings() async {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.pageSize = 7 }
    let limits = LockIsolated<[Int]>([])
    let store = TestStore(initialState: UserList.State()) {
      UserList()
    } withDependencies: {
      $0.userListClient.users = { page, limit in
        limits.withValue { $0.append(limit) }
        return .fixture(of: UserListClient.mockUsers, page: page, limit: limit)
      }
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1, limit: 7))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 7
      $0.users = Self.users(1...7)
      $0.paging.nextPage = 2
    }
    await store.send(.moveSelection(2)) {
      $0.selection = 2
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(Self.page(2, limit: 7))) {
      $0.paging.loadingPage = nil
      $0.users = Self.users(1...14)
      $0.paging.nextPage = 3
    }
    // A change made elsewhere (the Settings feature, another process) is used at once.
    $settings.withLock { $0.pageSize = 5 }
    await store.send(.refresh) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1, limit: 5))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 5
      $0.users = Self.users(1...5)
      $0.paging.nextPage = 2
    }
    #expect(limits.value == [7, 7, 5])
  }

  @Test
  func aNewPageSizeAppliesFromTheNextRefreshSoNoUserIsSkipped() async {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.pageSize = 50 }
    let limits = LockIsolated<[Int]>([])
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...20), paging: Paging(nextPage: 2, limit: 20))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient.users = { page, limit in
        limits.withValue { $0.append(limit) }
        return .fixture(of: UserListClient.mockUsers, page: page, limit: limit)
      }
    }

    // The page size became 50 while 20 users were shown: page 2 of 50 would skip users 21 to
    // 50, so the next page keeps the size the shown pages were cut with.
    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.users = Self.users(1...40)
      $0.paging.nextPage = 3
    }
    await store.send(.refresh) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1, limit: 50))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 50
      $0.users = Self.users(1...45)
      $0.paging.nextPage = nil
    }
    #expect(limits.value == [20, 50])
  }

  @Test
  func onAppearReloadsAListLoadedAtAnotherPageSize() async {
    @Shared(.userSettings) var settings
    let limits = LockIsolated<[Int]>([])
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...40), selection: 30, paging: Paging(nextPage: 3, limit: 20))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient.users = { page, limit in
        limits.withValue { $0.append(limit) }
        return .fixture(of: UserListClient.mockUsers, page: page, limit: limit)
      }
    }

    // Loaded at the page size in force: appearing again loads nothing.
    await store.send(.onAppear)
    // The page size changed while the list was not shown (in Settings, or in another process).
    $settings.withLock { $0.pageSize = 25 }
    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1, limit: 25))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 25
      $0.users = Self.users(1...25)
      $0.selection = 24
      $0.paging.nextPage = 2
    }
    await store.send(.onAppear)
    #expect(limits.value == [25])
  }

  @Test
  func aFailedPageShowsItsMessageAndRetryLoadsThatPage() async {
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...20), selection: 14, paging: Paging(nextPage: 2))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient = .failing(APIError.server(status: 500))
    }

    await store.send(.moveSelection(1)) {
      $0.selection = 15
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageFailed(APIError.server(status: 500).message)) {
      $0.paging.loadingPage = nil
      $0.paging.failedPage = 2
      $0.errorMessage = "The server ran into a problem (500). Please try again."
    }
    // Moving on does not hammer a failing server: the page waits for `retry`.
    await store.send(.moveSelection(1)) {
      $0.selection = 16
    }

    store.dependencies.userListClient = .mock
    await store.send(.retry) {
      $0.paging.loadingPage = 2
      $0.paging.failedPage = nil
      $0.errorMessage = nil
    }
    await store.receive(.pageLoaded(Self.page(2))) {
      $0.paging.loadingPage = nil
      $0.users = Self.users(1...40)
      $0.paging.nextPage = 3
    }
    await store.send(.retry)
  }

  @Test
  func aFailedFirstPageIsRetried() async {
    let store = TestStore(initialState: UserList.State()) {
      UserList()
    } withDependencies: {
      $0.userListClient = .failing(APIError.timedOut)
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageFailed(APIError.timedOut.message)) {
      $0.paging.loadingPage = nil
      $0.paging.failedPage = 1
      $0.errorMessage = "The server took too long to answer. Please try again."
    }

    store.dependencies.userListClient = .mock
    await store.send(.retry) {
      $0.paging.loadingPage = 1
      $0.paging.failedPage = nil
      $0.errorMessage = nil
    }
    await store.receive(.pageLoaded(Self.page(1))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.users = Self.users(1...20)
      $0.paging.nextPage = 2
    }
  }

  @Test
  func refreshReplacesTheRowsAndKeepsTheSelectionOnThem() async {
    let fewer = Array(Self.users(1...5))
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...40), selection: 30, paging: Paging(nextPage: 3))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient = .paging(over: fewer)
    }

    await store.send(.refresh) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(.fixture(of: fewer, page: 1, limit: 20))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.users = Self.users(1...5)
      $0.selection = 4
      $0.paging.nextPage = nil
    }
  }

  @Test
  func refreshCancelsThePageLoadInFlight() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: UserList.State(users: Self.users(1...20), paging: Paging(nextPage: 2))
    ) {
      UserList()
    } withDependencies: {
      // Page 1 answers at once, later pages after a second.
      $0.userListClient.users = { page, limit in
        if page > 1 { try await clock.sleep(for: .seconds(1)) }
        return .fixture(of: UserListClient.mockUsers, page: page, limit: limit)
      }
    }

    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.send(.refresh) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Self.page(1))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.paging.nextPage = 2
    }
    // Had page 2 not been cancelled, its answer would now be an action nobody received.
    await clock.advance(by: .seconds(1))
  }

  @Test
  func aFailedRefreshIsRetriedFromPageOne() async {
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...40), selection: 3, paging: Paging(nextPage: 3))
    ) {
      UserList()
    } withDependencies: {
      $0.userListClient = .failing(APIError.transport("connection refused"))
    }

    await store.send(.refresh) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageFailed(APIError.transport("").message)) {
      $0.paging.loadingPage = nil
      $0.paging.failedPage = 1
      $0.errorMessage = "Can't reach the server. Check that it is running and try again."
    }

    store.dependencies.userListClient = .mock
    await store.send(.retry) {
      $0.paging.loadingPage = 1
      $0.paging.failedPage = nil
      $0.errorMessage = nil
    }
    await store.receive(.pageLoaded(Self.page(1))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.users = Self.users(1...20)
      $0.paging.nextPage = 2
    }
  }

  @Test
  func anEmptyListIsAtItsEnd() async {
    let store = TestStore(initialState: UserList.State()) {
      UserList()
    } withDependencies: {
      $0.userListClient = .empty
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Page(items: [], page: 1, limit: 20, total: 0))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 20
      $0.paging.nextPage = nil
    }
    await store.send(.onAppear)
    await store.send(.moveSelection(1))
    await store.send(.openSelected)
  }

  @Test
  func aPageNoLoadAskedForIsDropped() async {
    let store = TestStore(
      initialState: UserList.State(users: Self.users(1...20), paging: Paging(nextPage: 2))
    ) {
      UserList()
    }

    await store.send(.pageLoaded(Self.page(3)))
    await store.send(.pageFailed("late"))
  }

  @Test
  func openSelectedOpensTheSelectedUser() async {
    let store = TestStore(
      initialState: UserList.State(
        users: Self.users(1...20), selection: 3, paging: Paging(nextPage: 2))
    ) {
      UserList()
    }

    await store.send(.openSelected)
    await store.receive(.delegate(.openUser(id: 4)))
  }

  @Test
  func theSelectionStaysOnTheRows() async {
    let store = TestStore(
      initialState: UserList.State(users: Self.users(1...45), paging: Paging(nextPage: nil))
    ) {
      UserList()
    }

    await store.send(.moveSelection(-1))
    await store.send(.moveSelection(Int.max)) {
      $0.selection = 44
    }
    await store.send(.moveSelection(Int.min)) {
      $0.selection = 0
    }
  }
}

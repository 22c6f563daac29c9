import APIClient
import AppSettings
import ComposableArchitecture
import FeatureKit
import FeatureTestSupport
import HomeFeature
import HomeFeatureTesting
import SharedModels
import SharedModelsTesting
import Testing

@MainActor
struct HomeTests {
  /// A feed of 45 posts (three pages of 20, the last holding 5): the newest of
  /// ``HomeClient/mockPosts``, so page 1 is the mock's page 1.
  private nonisolated static let feed = Array(HomeClient.mockPosts.prefix(45))

  /// Page `page` of ``feed`` at `limit` posts a page.
  private func mockPage(_ page: Int, limit: Int = 20) -> Page<Post> {
    Page.fixture(of: Self.feed, page: page, limit: limit)
  }

  /// Page `page` of 20 as ``HomeClient/mock`` answers it: of all of ``HomeClient/mockPosts``.
  private func mockClientPage(_ page: Int) -> Page<Post> {
    Page.fixture(of: HomeClient.mockPosts, page: page, limit: 20)
  }

  /// The alert a failed load shows.
  private func failureAlert(_ message: String) -> AlertState<Home.Action.Alert> {
    AlertState {
      TextState("Couldn't load the feed")
    } actions: {
      ButtonState(action: .retry) { TextState("Retry") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState(message)
    }
  }

  @Test
  func appearingLoadsTheFirstPageNewestFirst() async {
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient = .mock
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(mockClientPage(1))) {
      $0.paging.limit = 20
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: self.mockClientPage(1).items)
      $0.paging.nextPage = 2
    }
    // Newest first: the highest ids.
    #expect(store.state.posts.first?.id == HomeClient.mockPosts.count)
    #expect(store.state.posts.last?.id == HomeClient.mockPosts.count - 19)

    // Appearing again does nothing: the feed is loaded.
    await store.send(.onAppear)
    await store.finish()
  }

  @Test
  func aLoadInFlightIsNeverStartedAgain() async {
    let gate = Gate()
    let calls = LockIsolated(0)
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        calls.withValue { $0 += 1 }
        try await gate.wait()
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.send(.onAppear)
    await store.send(.loadNextPage)
    await store.send(.retry)
    gate.open()
    await store.receive(.pageLoaded(mockPage(1))) {
      $0.paging.limit = 20
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: self.mockPage(1).items)
      $0.paging.nextPage = 2
    }
    #expect(calls.value == 1)

    // Page 2 is in flight: moving near the end does not ask for it again.
    await store.send(.moveSelection(19)) {
      $0.selection = 19
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.send(.moveSelection(-1)) {
      $0.selection = 18
    }
    await store.send(.loadNextPage)
    gate.open()
    await store.receive(.pageLoaded(mockPage(2))) {
      $0.paging.loadingPage = nil
      $0.posts.append(contentsOf: self.mockPage(2).items)
      $0.paging.nextPage = 3
    }
    #expect(calls.value == 2)
    await store.finish()
  }

  @Test
  func theSelectionStaysOnTheRowsForAnyOffset() async {
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: mockPage(1).items), selection: 3,
        paging: Paging(nextPage: nil))
    ) {
      Home()
    }

    // Moving by the largest offsets once overflowed `selection + offset` and stopped the app.
    await store.send(.moveSelection(Int.max)) {
      $0.selection = 19
    }
    await store.send(.moveSelection(Int.min)) {
      $0.selection = 0
    }
  }

  @Test
  func theSelectionNearTheEndLoadsTheNextPageOnceUntilTheEnd() async {
    let requests = LockIsolated<[Int]>([])
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: mockPage(1).items), paging: Paging(nextPage: 2))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        requests.withValue { $0.append(page) }
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    // 20 rows: rows 0…14 are more than 5 rows from the end.
    await store.send(.moveSelection(14)) {
      $0.selection = 14
    }
    await store.send(.moveSelection(1)) {
      $0.selection = 15
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(mockPage(2))) {
      $0.paging.loadingPage = nil
      $0.posts.append(contentsOf: self.mockPage(2).items)
      $0.paging.nextPage = 3
    }
    // A move down past the end stops at the last row and loads page 3, the last one; the rest
    // of the move is kept, and finished when page 3 arrives: it ends on the feed's last post.
    await store.send(.moveSelection(100)) {
      $0.selection = 39
      $0.paging.pendingMove = 76
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 3
    }
    await store.receive(.pageLoaded(mockPage(3))) {
      $0.paging.loadingPage = nil
      $0.posts.append(contentsOf: self.mockPage(3).items)
      $0.paging.nextPage = nil
      $0.paging.pendingMove = 0
      $0.selection = 44
    }
    #expect(store.state.posts.count == 45)

    // At the end of the feed, nothing more loads, and nothing is kept of a move.
    await store.send(.moveSelection(10))
    await store.send(.loadNextPage)
    #expect(requests.value == [2, 3])

    // Up past the top clamps to the first row.
    await store.send(.moveSelection(-100)) {
      $0.selection = 0
    }
    await store.finish()
  }

  @Test
  func theSharedPageSizeIsTheLimitAsked() async {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.pageSize = 7 }
    let limits = LockIsolated<[Int]>([])
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        limits.withValue { $0.append(limit) }
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(mockPage(1, limit: 7))) {
      $0.paging.limit = 7
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: self.mockPage(1, limit: 7).items)
      $0.paging.nextPage = 2
    }
    // Seven rows: the second row is within 5 rows of the end.
    await store.send(.moveSelection(2)) {
      $0.selection = 2
    }
    await store.receive(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(mockPage(2, limit: 7))) {
      $0.paging.loadingPage = nil
      $0.posts.append(contentsOf: self.mockPage(2, limit: 7).items)
      $0.paging.nextPage = 3
    }
    #expect(limits.value == [7, 7])
    await store.finish()
  }

  @Test
  func aNewPageSizeAppliesFromTheNextRefreshSoNoPostIsSkipped() async {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.pageSize = 50 }
    let limits = LockIsolated<[Int]>([])
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: mockPage(1).items),
        paging: Paging(nextPage: 2, limit: 20))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        limits.withValue { $0.append(limit) }
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    // The app set a page size of 50 while 20 posts were shown: page 2 of 50 would skip posts
    // 21 to 50, so the next page keeps the size the shown pages were cut with.
    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(mockPage(2))) {
      $0.paging.loadingPage = nil
      $0.posts.append(contentsOf: self.mockPage(2).items)
      $0.paging.nextPage = 3
    }
    await store.send(.refresh) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(mockPage(1, limit: 50))) {
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: Self.feed)
      $0.paging.limit = 50
      $0.paging.nextPage = nil
    }
    #expect(limits.value == [20, 50])
    await store.finish()
  }

  @Test
  func appearingReloadsAFeedLoadedAtAnotherPageSize() async {
    @Shared(.userSettings) var settings
    let limits = LockIsolated<[Int]>([])
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: mockPage(1).items), selection: 3,
        paging: Paging(nextPage: 2, limit: 20))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        limits.withValue { $0.append(limit) }
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    // Loaded at the page size in force: appearing again loads nothing.
    await store.send(.onAppear)
    // The page size changed while the feed was not shown (in Settings, or in another process).
    $settings.withLock { $0.pageSize = 25 }
    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(mockPage(1, limit: 25))) {
      $0.paging.loadingPage = nil
      $0.paging.limit = 25
      $0.posts = IdentifiedArray(uniqueElements: self.mockPage(1, limit: 25).items)
      $0.selection = 0
    }
    await store.send(.onAppear)
    #expect(limits.value == [25])
    await store.finish()
  }

  @Test
  func postsAlreadyShownAreNotRepeatedWhenTheFeedShifts() async {
    // A new post arrived between two loads: page 2 starts with the last post of page 1.
    let shifted = Page(
      items: Array(Self.feed[19..<39]), page: 2, limit: 20, total: 46)
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: mockPage(1).items), paging: Paging(nextPage: 2))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { _, _ in shifted }
    }

    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(shifted)) {
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: Self.feed[0..<39])
      $0.paging.nextPage = 3
    }
    await store.finish()
  }

  @Test
  func aPageNoLoadAskedForIsDropped() async {
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: mockPage(1).items),
        paging: Paging(nextPage: 2, limit: 20))
    ) {
      Home()
    }

    // Answers that arrive after the feed stopped waiting for them change nothing: no rows, no
    // alert.
    await store.send(.pageLoaded(mockPage(3)))
    await store.send(.pageLoaded(mockPage(1, limit: 5)))
    await store.send(.pageFailed("late"))
  }

  @Test
  func anEmptyFeedEndsAtOnce() async {
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient = .empty
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Page(items: [], page: 1, limit: 20, total: 0))) {
      $0.paging.limit = 20
      $0.paging.loadingPage = nil
      $0.paging.nextPage = nil
    }
    await store.send(.moveSelection(1))
    await store.send(.openSelected)
    await store.send(.loadNextPage)
    await store.finish()
  }

  @Test
  func aFailureShowsAnAlertAndRetryLoadsTheSamePageAgain() async {
    let attempts = LockIsolated(0)
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: mockPage(1).items), selection: 15,
        paging: Paging(nextPage: 2))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        let attempt = attempts.withValue {
          $0 += 1
          return $0
        }
        if attempt == 1 { throw APIError.transport("connection refused") }
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    let message = APIError.transport("connection refused").message
    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageFailed(message)) {
      $0.paging.loadingPage = nil
      $0.paging.failedPage = 2
      $0.errorMessage = message
      $0.alert = self.failureAlert(message)
    }
    await store.send(.alert(.presented(.retry))) {
      $0.alert = nil
      $0.paging.failedPage = nil
      $0.errorMessage = nil
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageLoaded(mockPage(2))) {
      $0.paging.loadingPage = nil
      $0.posts.append(contentsOf: self.mockPage(2).items)
      $0.paging.nextPage = 3
    }
    await store.finish()
  }

  @Test
  func cancellingTheAlertKeepsTheMessageAndRetryStillWorks() async {
    let attempts = LockIsolated(0)
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        let attempt = attempts.withValue {
          $0 += 1
          return $0
        }
        if attempt == 1 { throw APIError.server(status: 500) }
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    let message = APIError.server(status: 500).message
    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageFailed(message)) {
      $0.paging.loadingPage = nil
      $0.paging.failedPage = 1
      $0.errorMessage = message
      $0.alert = self.failureAlert(message)
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
    await store.send(.retry) {
      $0.paging.failedPage = nil
      $0.errorMessage = nil
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(mockPage(1))) {
      $0.paging.limit = 20
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: self.mockPage(1).items)
      $0.paging.nextPage = 2
    }
    // Nothing failed since: retry does nothing.
    await store.send(.retry)
    await store.finish()
  }

  @Test
  func theFailureMessageIsTheErrorsDescription() async {
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient = .failing(APIError.timedOut)
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    let message = "The server took too long to answer. Please try again."
    await store.receive(.pageFailed(message)) {
      $0.paging.loadingPage = nil
      $0.paging.failedPage = 1
      $0.errorMessage = message
      $0.alert = self.failureAlert(message)
    }
    await store.finish()
  }

  @Test
  func refreshReloadsFromTheFirstPageAndResetsTheSelection() async {
    let newest = Post.fixture(id: HomeClient.mockPosts.count + 1, author: .zoe)
    let all = [newest] + Self.feed
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: Self.feed), selection: 30,
        paging: Paging(nextPage: nil))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient = .serving(all)
    }

    await store.send(.refresh) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(Page.fixture(of: all, page: 1, limit: 20))) {
      $0.paging.limit = 20
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: all[0..<20])
      $0.selection = 0
      $0.paging.nextPage = 2
    }
    #expect(store.state.selectedPost == newest)
    await store.finish()
  }

  @Test
  func refreshCancelsAPageLoadInFlight() async {
    let gate = Gate()
    let store = TestStore(
      initialState: Home.State(
        posts: IdentifiedArray(uniqueElements: mockPage(1).items), paging: Paging(nextPage: 2))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        // Page 2 is slow; page 1 answers at once.
        if page == 2 { try await gate.wait() }
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    await store.send(.loadNextPage) {
      $0.paging.loadingPage = 2
    }
    await store.send(.refresh) {
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(mockPage(1))) {
      $0.paging.limit = 20
      $0.paging.loadingPage = nil
    }
    // The cancelled page 2 never arrives, even once let through.
    gate.open()
    await store.finish()
  }

  @Test
  func theAlertsSelectedButtonIsClampedAndResetByTheNextFailure() async {
    let store = TestStore(
      initialState: Home.State(
        paging: Paging(nextPage: 2, failedPage: 2), errorMessage: "down",
        alert: failureAlert("down"))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient = .failing(APIError.server(status: 500))
    }

    await store.send(.alertSelectionChanged(1)) {
      $0.alertSelection = 1
    }
    await store.send(.alertSelectionChanged(5))
    await store.send(.alertSelectionChanged(-1)) {
      $0.alertSelection = 0
    }
    await store.send(.alertSelectionChanged(1)) {
      $0.alertSelection = 1
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
    let message = APIError.server(status: 500).message
    await store.send(.retry) {
      $0.paging.failedPage = nil
      $0.errorMessage = nil
      $0.paging.loadingPage = 2
    }
    await store.receive(.pageFailed(message)) {
      $0.paging.loadingPage = nil
      $0.paging.failedPage = 2
      $0.errorMessage = message
      $0.alert = self.failureAlert(message)
      $0.alertSelection = 0
    }
  }

  @Test
  func refreshWhileAnAlertIsShownDismissesIt() async {
    let store = TestStore(
      initialState: Home.State(
        paging: Paging(failedPage: 1), errorMessage: "down", alert: failureAlert("down"))
    ) {
      Home()
    } withDependencies: {
      $0.homeClient = .mock
    }

    await store.send(.refresh) {
      $0.alert = nil
      $0.paging.failedPage = nil
      $0.errorMessage = nil
      $0.paging.loadingPage = 1
    }
    await store.receive(.pageLoaded(mockClientPage(1))) {
      $0.paging.limit = 20
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: self.mockClientPage(1).items)
      $0.paging.nextPage = 2
    }
    await store.finish()
  }

  @Test
  func openingTheSelectedPostOpensItsAuthor() async {
    let posts: IdentifiedArrayOf<Post> = [
      .fixture(id: 3, author: .hana), .fixture(id: 2, author: .zoe), .fixture(id: 1),
    ]
    let store = TestStore(initialState: Home.State(posts: posts, paging: Paging(nextPage: nil))) {
      Home()
    }

    await store.send(.moveSelection(1)) {
      $0.selection = 1
    }
    await store.send(.openSelected)
    await store.receive(.delegate(.openUser(id: User.zoe.id)))

    await store.send(.openAuthor(postID: 3))
    await store.receive(.delegate(.openUser(id: User.hana.id)))

    // An unknown post opens nothing.
    await store.send(.openAuthor(postID: 99))
    await store.finish()
  }

  @Test
  func leavingTheScreenCancelsTheLoadInFlight() async {
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient = .never
    }

    let task = await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    await task.cancel()
    await store.finish()
  }

  @Test
  func theFeedShowsItIsLoadingUntilThePageArrives() async {
    let gate = Gate()
    let store = TestStore(initialState: Home.State()) {
      Home()
    } withDependencies: {
      $0.homeClient.feed = { page, limit in
        try await gate.wait()
        return Page.fixture(of: Self.feed, page: page, limit: limit)
      }
    }

    await store.send(.onAppear) {
      $0.paging.loadingPage = 1
    }
    #expect(store.state.isLoading)
    gate.open()
    await store.receive(.pageLoaded(mockPage(1))) {
      $0.paging.limit = 20
      $0.paging.loadingPage = nil
      $0.posts = IdentifiedArray(uniqueElements: self.mockPage(1).items)
      $0.paging.nextPage = 2
    }
    #expect(!store.state.isLoading)
    await store.finish()
  }

  @Test
  func theSlowDoubleServesTheMockFeedAfterItsDelay() async throws {
    let page = try await HomeClient.slow(.seconds(2), clock: ImmediateClock()).feed(
      page: 2, limit: 20)
    #expect(page == mockClientPage(2))
  }

  @Test
  func previewsAreShownByDefaultAndFollowTheSharedSetting() {
    let state = Home.State()
    #expect(state.showsPostPreviews)
    @Shared(.userSettings) var settings
    $settings.withLock { $0.showsPostPreviews = false }
    #expect(!state.showsPostPreviews)
  }

  @Test
  func thePreviewClientServesASmallFeed() async throws {
    let page = try await HomeClient.previewValue.feed(page: 1, limit: 20)
    #expect(page.items == Post.samples)
    #expect(!page.hasMore)
    let second = try await HomeClient.previewValue.feed(page: 2, limit: 2)
    #expect(second.items.map(\.id) == [1])
    // Pages far past the end, and limits of 0 or less, are empty rather than a trap.
    #expect(try await HomeClient.previewValue.feed(page: .max, limit: 2).items.isEmpty)
    // A page before the first is the first.
    #expect(try await HomeClient.previewValue.feed(page: .min, limit: 2).items.map(\.id) == [3, 2])
    #expect(try await HomeClient.previewValue.feed(page: 2, limit: .max).items.isEmpty)
    #expect(try await HomeClient.previewValue.feed(page: 1, limit: -1).items.isEmpty)
  }
}

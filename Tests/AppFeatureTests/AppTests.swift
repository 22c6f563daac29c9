import AppFeature
import AppSettings
import ComposableArchitecture
import FeatureKit
import HomeFeature
import HomeFeatureTesting
import ProfileFeature
import ProfileFeatureTesting
import SearchFeature
import SearchFeatureTesting
import SettingsFeature
import SettingsFeatureTesting
import SharedModels
import SharedModelsTesting
import Testing
import UserDetailFeature
import UserDetailFeatureTesting
import UserListFeature
import UserListFeatureTesting

/// The composed flows, with every feature's Testing doubles. The features' own tests assert
/// each feature exhaustively; these assert what the app adds (navigation, tabs, settings), so
/// they skip the features' inner steps (`exhaustivity = .off`), as TCA recommends for
/// integration tests.
@MainActor
struct AppTests {
  private func makeStore(
    _ state: App.State = App.State(),
    _ dependencies: (inout DependencyValues) -> Void = { _ in }
  ) -> TestStoreOf<App> {
    let store = TestStore(initialState: state) {
      App()
    } withDependencies: {
      $0.homeClient = .mock
      $0.searchClient = .mock
      $0.userListClient = .mock
      $0.userDetailClient = .mock
      $0.profileClient = .mock
      $0.continuousClock = ImmediateClock()
      dependencies(&$0)
    }
    store.exhaustivity = .off
    return store
  }

  @Test
  func aSavedProfileReloadsTheFeedAndTheUsersWhenTheyAreNextShown() async {
    let requests = LockIsolated<[String]>([])
    let store = makeStore {
      $0.homeClient.feed = { page, limit in
        requests.withValue { $0.append("feed \(page)") }
        return try await HomeClient.mock.feed(page, limit)
      }
      $0.userListClient.users = { page, limit in
        requests.withValue { $0.append("users \(page)") }
        return try await UserListClient.mock.users(page, limit)
      }
    }
    await store.send(.onAppear)
    await store.receive(\.home.pageLoaded)
    await store.send(.tabSelected(.users))
    await store.receive(\.users.pageLoaded)
    await store.send(.tabSelected(.profile))
    // Shown again with nothing changed, the lists load nothing.
    await store.send(.tabSelected(.users))
    #expect(requests.value == ["feed 1", "users 1"])

    await store.send(.profile(.delegate(.saved(.fixture)))) {
      $0.home.paging.isStale = true
      $0.users.paging.isStale = true
    }
    await store.send(.tabSelected(.home))
    await store.receive(\.home.pageLoaded) {
      $0.home.paging.isStale = false
    }
    await store.send(.tabSelected(.users))
    await store.receive(\.users.pageLoaded) {
      $0.users.paging.isStale = false
    }
    #expect(requests.value == ["feed 1", "users 1", "feed 1", "users 1"])
  }

  @Test
  func searchOpensAUserAndBackReturnsToTheResults() async {
    let store = makeStore(App.State(selectedTab: .search))
    await store.send(.search(.queryChanged("zo")))
    await store.receive(\.search.resultsLoaded)
    let zoe = store.state.search.users.first?.item
    #expect(zoe != nil)

    await store.send(.search(.openSelected))
    await store.receive(\.search.delegate.openUser)
    #expect(store.state.path.count == 1)
    guard case let .userDetail(detail)? = store.state.path.first else {
      Issue.record("The stack shows no user detail")
      return
    }
    #expect(detail.userID == zoe?.id)
    await store.receive(\.path)  // the detail's onAppear
    await store.skipReceivedActions(strict: false)

    await store.send(.backRequested) {
      $0.path = StackState()
    }
    #expect(store.state.selectedTab == .search)
    #expect(store.state.search.query == "zo")
  }

  @Test
  func usersOpenADetailThatLoadsItsNextPageNearTheEnd() async throws {
    let store = makeStore()
    await store.send(.tabSelected(.users)) {
      $0.selectedTab = .users
    }
    await store.receive(\.users.pageLoaded)
    #expect(store.state.users.users.count == 20)

    await store.send(.users(.openSelected))
    await store.receive(\.users.delegate.openUser)
    let id = try #require(store.state.path.ids.last)
    await store.receive(\.path)
    await store.skipReceivedActions(strict: false)
    guard case let .userDetail(detail)? = store.state.path[id: id] else {
      Issue.record("The stack shows no user detail")
      return
    }
    #expect(detail.posts.count == 20)

    await store.send(.path(.element(id: id, action: .userDetail(.moveSelection(16)))))
    await store.skipReceivedActions(strict: false)
    guard case let .userDetail(detail)? = store.state.path[id: id] else {
      Issue.record("The stack shows no user detail")
      return
    }
    #expect(detail.posts.count == 40)
  }

  @Test
  func theFeedOpensAPostsAuthorAndBackClosesIt() async {
    let store = makeStore()
    await store.send(.onAppear)
    await store.receive(\.home.pageLoaded)
    await store.skipReceivedActions(strict: false)
    let author = store.state.home.posts.first?.authorID

    await store.send(.home(.openSelected))
    await store.receive(\.home.delegate.openUser)
    guard case let .userDetail(detail)? = store.state.path.first else {
      Issue.record("The stack shows no user detail")
      return
    }
    #expect(detail.userID == author)
    await store.skipReceivedActions(strict: false)

    await store.send(.backRequested)
    #expect(store.state.path.isEmpty)
    #expect(store.state.selectedTab == .home)
  }

  @Test
  func aRefusedProfileSaveRollsBackAndSaysWhy() async {
    struct Refusal: Error {}
    let store = makeStore(App.State(selectedTab: .profile)) {
      $0.profileClient = .refusingUpdates(Refusal())
    }
    await store.send(.profile(.onAppear))
    await store.receive(\.profile.profileLoaded)
    let saved = store.state.profile.profile

    await store.send(.profile(.binding(.set(\.draft.displayName, "Alicia"))))
    await store.send(.profile(.saveButtonTapped))
    await store.receive(\.profile.saveFailed)
    #expect(store.state.profile.profile == saved)
    #expect(store.state.profile.alert != nil)
    #expect(store.state.profile.draft.displayName == "Alicia")
  }

  @Test
  func leavingTheProfileWithUnsavedChangesAsksFirst() async {
    let store = makeStore(App.State(selectedTab: .profile))
    await store.send(.profile(.onAppear))
    await store.receive(\.profile.profileLoaded)
    await store.send(.profile(.binding(.set(\.draft.bio, "Changed"))))

    await store.send(.tabSelected(.home)) {
      $0.pendingTab = .home
    }
    await store.receive(\.profile.leaveRequested)
    #expect(store.state.selectedTab == .profile)
    #expect(store.state.profile.confirmationDialog != nil)

    await store.send(.profile(.confirmationDialog(.presented(.discardChanges))))
    await store.receive(\.profile.delegate.leaveConfirmed) {
      $0.selectedTab = .home
      $0.pendingTab = nil
    }
  }

  @Test
  func quittingWithNothingUnsavedQuitsAtOnce() async {
    let store = makeStore()
    await store.send(.quitRequested) {
      $0.isQuitConfirmed = true
    }
  }

  @Test
  func quittingWithUnsavedChangesAsksFirstOnTheProfile() async {
    let store = makeStore(App.State(selectedTab: .profile))
    await store.send(.profile(.onAppear))
    await store.receive(\.profile.profileLoaded)
    await store.send(.profile(.binding(.set(\.draft.bio, "Changed"))))
    await store.send(.tabSelected(.home))
    await store.receive(\.profile.leaveRequested)
    await store.send(.profile(.confirmationDialog(.dismiss))) {
      $0.pendingTab = nil
    }

    await store.send(.quitRequested) {
      $0.isQuitPending = true
    }
    await store.receive(\.profile.leaveRequested)
    #expect(store.state.profile.confirmationDialog != nil)
    #expect(!store.state.isQuitConfirmed)

    // "Keep editing": the app stays, and a later ctrl-c asks again.
    await store.send(.profile(.confirmationDialog(.dismiss))) {
      $0.isQuitPending = false
    }
    await store.send(.quitRequested) {
      $0.isQuitPending = true
    }
    await store.receive(\.profile.leaveRequested)

    await store.send(.profile(.confirmationDialog(.presented(.discardChanges))))
    await store.receive(\.profile.delegate.leaveConfirmed) {
      $0.isQuitConfirmed = true
    }
    #expect(store.state.selectedTab == .profile)
  }

  @Test
  func quittingAgainWhileTheProfileAsksQuitsAnyway() async {
    let store = makeStore(App.State(selectedTab: .profile))
    await store.send(.profile(.onAppear))
    await store.receive(\.profile.profileLoaded)
    await store.send(.profile(.binding(.set(\.draft.bio, "Changed"))))
    await store.send(.quitRequested) {
      $0.isQuitPending = true
    }
    await store.receive(\.profile.leaveRequested)
    await store.send(.quitRequested) {
      $0.isQuitPending = false
      $0.isQuitConfirmed = true
    }
  }

  @Test
  func aTabChosenWhileQuittingAsksWhetherToLeaveForTheTabInstead() async {
    let store = makeStore(App.State(selectedTab: .profile))
    await store.send(.profile(.onAppear))
    await store.receive(\.profile.profileLoaded)
    await store.send(.profile(.binding(.set(\.draft.bio, "Changed"))))
    await store.send(.quitRequested)
    await store.receive(\.profile.leaveRequested)
    await store.send(.tabSelected(.home)) {
      $0.pendingTab = .home
      $0.isQuitPending = false
    }
    await store.receive(\.profile.leaveRequested)
    await store.send(.profile(.confirmationDialog(.presented(.discardChanges))))
    await store.receive(\.profile.delegate.leaveConfirmed) {
      $0.selectedTab = .home
      $0.pendingTab = nil
    }
    #expect(!store.state.isQuitConfirmed)
  }

  @Test
  func aTabChosenAfterSavingForgetsTheTabThatWaitedOnTheDialog() async {
    let store = makeStore(App.State(selectedTab: .profile))
    await store.send(.profile(.onAppear))
    await store.receive(\.profile.profileLoaded)
    await store.send(.profile(.binding(.set(\.draft.bio, "Changed"))))
    await store.send(.tabSelected(.home)) {
      $0.pendingTab = .home
    }
    await store.receive(\.profile.leaveRequested)

    // Saving leaves nothing unsaved, so the next tab is shown at once.
    await store.send(.profile(.saveButtonTapped))
    await store.receive(\.profile.profileSaved)
    await store.send(.tabSelected(.users)) {
      $0.selectedTab = .users
      $0.pendingTab = nil
    }
  }

  @Test
  func aSettingsChangeReachesTheNextRequest() async {
    let limits = LockIsolated<[Int]>([])
    let store = makeStore {
      $0.userListClient = UserListClient(users: { page, limit in
        limits.withValue { $0.append(limit) }
        return Page.fixture(of: User.fixtures(ids: 1...100), page: page, limit: limit)
      })
    }
    await store.send(.settings(.pageSizeIncremented))
    let pageSize = UserSettings.default.pageSize + UserSettings.pageSizeStep
    #expect(store.state.userSettings.pageSize == pageSize)
    #expect(store.state.users.pageSize == pageSize)
    #expect(store.state.home.pageSize == pageSize)

    await store.send(.tabSelected(.users))
    await store.receive(\.users.pageLoaded)
    #expect(limits.value == [pageSize])
    #expect(store.state.users.users.count == pageSize)
  }

  @Test
  func aListLoadedAtAnotherPageSizeReloadsWhenItsTabIsShownAgain() async {
    let limits = LockIsolated<[Int]>([])
    let store = makeStore {
      $0.userListClient = UserListClient(users: { page, limit in
        limits.withValue { $0.append(limit) }
        return Page.fixture(of: User.fixtures(ids: 1...100), page: page, limit: limit)
      })
    }
    await store.send(.onAppear)
    await store.receive(\.home.pageLoaded)
    await store.send(.tabSelected(.users))
    await store.receive(\.users.pageLoaded)
    #expect(store.state.users.users.count == UserSettings.default.pageSize)

    await store.send(.tabSelected(.settings))
    await store.send(.settings(.pageSizeIncremented))
    // Nothing reloads while the lists are not shown.
    #expect(limits.value == [UserSettings.default.pageSize])

    let pageSize = UserSettings.default.pageSize + UserSettings.pageSizeStep
    await store.send(.tabSelected(.users))
    await store.receive(\.users.onAppear)
    await store.receive(\.users.pageLoaded)
    #expect(limits.value == [UserSettings.default.pageSize, pageSize])
    #expect(store.state.users.users.count == pageSize)

    await store.send(.tabSelected(.home))
    await store.receive(\.home.onAppear)
    await store.receive(\.home.pageLoaded)
    #expect(store.state.home.posts.count == pageSize)

    // Shown again at the size they were loaded with, the lists load nothing.
    await store.send(.tabSelected(.users))
    await store.receive(\.users.onAppear)
    #expect(limits.value == [UserSettings.default.pageSize, pageSize])
    #expect(!store.state.users.isLoading)
  }

  @Test
  func aSettingsChangeReachesTheScreensOnTheStackAndTheTheme() async {
    let store = makeStore(
      App.State(path: StackState([.userDetail(UserDetail.State(userID: 1))])))
    #expect(store.state.path.first?.userDetail?.showsPostPreviews == true)

    await store.send(.settings(.showsPostPreviewsToggled))
    await store.send(.settings(.themeSelected(.light)))
    #expect(store.state.path.first?.userDetail?.showsPostPreviews == false)
    #expect(store.state.home.showsPostPreviews == false)
    #expect(store.state.userSettings.theme == .light)
  }

  @Test
  func aChangeMadeOutsideTheAppIsSeenByEveryFeature() async {
    let store = makeStore()
    @Shared(.userSettings) var settings
    $settings.withLock {
      $0.searchDebounceMilliseconds = 900
      $0.theme = .noColor
    }
    #expect(store.state.search.debounce == .milliseconds(900))
    #expect(store.state.settings.settings.theme == .noColor)
    #expect(store.state.userSettings.theme == .noColor)
  }

  @Test
  func slashShowsSearchWithItsFieldFocusedEvenAfterItWasLeft() async {
    var state = App.State()
    state.search.isEditingQuery = false
    let store = makeStore(state)
    await store.send(.searchRequested)
    await store.receive(\.tabSelected) {
      $0.selectedTab = .search
    }
    await store.receive(\.search.queryFieldFocused) {
      $0.search.isEditingQuery = true
    }
    await store.receive(\.search.onAppear)
  }

  @Test
  func choosingATabClosesTheStackAndLoadsTheTab() async {
    let store = makeStore(
      App.State(path: StackState([.userDetail(UserDetail.State(userID: 1))])))
    await store.send(.tabSelected(.search)) {
      $0.selectedTab = .search
      $0.path = StackState()
    }
    await store.receive(\.search.onAppear)
  }
}

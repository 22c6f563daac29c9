import APIClient
import AppSettings
import ComposableArchitecture
import FeatureTestSupport
import SearchFeature
import SearchFeatureTesting
import SharedModels
import SharedModelsTesting
import Testing

@MainActor
@Suite(.mainSerialExecutor)
struct SearchTests {
  /// Hits for `query`: Alice and Zoë, and one post by each.
  nonisolated static func hits(_ query: String) -> SearchResults {
    SearchResults(
      query: query,
      users: [SearchResult(item: .alice, rank: 2), SearchResult(item: .zoe, rank: 1)],
      posts: [
        SearchResult(item: .fixture(id: 7, author: .zoe), rank: 2),
        SearchResult(item: .fixture(id: 3, author: .alice), rank: 1),
      ]
    )
  }

  /// The state after `hits(query)` arrived for `query`.
  static func loaded(_ query: String) -> Search.State {
    let results = hits(query)
    return Search.State(
      query: query,
      users: IdentifiedArray(uniqueElements: results.users),
      posts: IdentifiedArray(uniqueElements: results.posts),
      resultsQuery: query
    )
  }

  @Test
  func escLeavesTheFieldAndSlashReturnsToIt() async {
    let store = TestStore(initialState: Self.loaded("zo")) {
      Search()
    }

    await store.send(.queryFieldLeft) {
      $0.isEditingQuery = false
    }
    await store.send(.moveSelection(1)) {
      $0.selection = 1
    }
    await store.send(.queryFieldFocused) {
      $0.isEditingQuery = true
    }
  }

  @Test
  func theQueryStopsAtTheLongestTheServerAccepts() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { query, _ in Self.hits(query) }
    }
    let longest = String(repeating: "é", count: SearchRules.queryMaxLength)

    await store.send(.queryChanged(longest + "😀 and more")) {
      $0.query = longest
      $0.isSearching = true
    }
    // Typing on changes nothing: the same query, no new request.
    await store.send(.queryChanged(longest + "x"))
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(Self.hits(longest))) {
      $0 = Self.loaded(longest)
    }
  }

  @Test
  func anEditAtTheCursorSearchesAndMovingTheCursorDoesNot() async {
    let clock = TestClock()
    let store = TestStore(initialState: Self.loaded("zoe")) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { query, _ in Self.hits(query) }
    }

    // The cursor moves back two characters: the same query, nothing searched.
    await store.send(.queryEdited("zoe", cursor: 1)) {
      $0.queryCursor = 1
    }
    await store.send(.queryEdited("zaoe", cursor: 2)) {
      $0.query = "zaoe"
      $0.queryCursor = 2
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(Self.hits("zaoe"))) {
      $0.isSearching = false
      $0.resultsQuery = "zaoe"
    }
    // A cursor past the end is at the end; typing at the end puts it there too.
    await store.send(.queryEdited("zaoe", cursor: 9)) {
      $0.queryCursor = nil
    }
    await store.send(.queryEdited("zaoe", cursor: 0)) {
      $0.queryCursor = 0
    }
    await store.send(.queryChanged("zaoe")) {
      $0.queryCursor = nil
    }
  }

  @Test
  func typingWithinTheDebounceMakesOneRequestForTheLastQuery() async {
    let clock = TestClock()
    let requests = LockIsolated<[String]>([])
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { query, _ in
        requests.withValue { $0.append(query) }
        return Self.hits(query)
      }
    }

    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("swi")) {
      $0.query = "swi"
    }
    await clock.advance(by: .milliseconds(299))
    #expect(requests.value == [])
    await clock.advance(by: .milliseconds(1))
    await store.receive(.resultsLoaded(Self.hits("swi"))) {
      $0 = Self.loaded("swi")
    }
    #expect(requests.value == ["swi"])
  }

  @Test
  func theDebounceIsTheSharedSearchDelay() async {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.searchDebounceMilliseconds = 50 }
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { query, _ in Self.hits(query) }
    }

    await store.send(.queryChanged("ali")) {
      $0.query = "ali"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(50))
    await store.receive(.resultsLoaded(Self.hits("ali"))) {
      $0 = Self.loaded("ali")
    }
  }

  @Test
  func theNextKeystrokeCancelsTheRequestInFlight() async {
    let clock = TestClock()
    let started = LockIsolated<[String]>([])
    let cancelled = LockIsolated<[String]>([])
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { query, _ in
        started.withValue { $0.append(query) }
        guard query == "alic" else {
          return try await withTaskCancellationHandler {
            try await Task<SearchResults, Never>.never()
          } onCancel: {
            cancelled.withValue { $0.append(query) }
          }
        }
        return Self.hits(query)
      }
    }

    await store.send(.queryChanged("ali")) {
      $0.query = "ali"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    #expect(started.value == ["ali"])
    await store.send(.queryChanged("alic")) {
      $0.query = "alic"
    }
    #expect(cancelled.value == ["ali"])
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(Self.hits("alic"))) {
      $0 = Self.loaded("alic")
    }
    #expect(started.value == ["ali", "alic"])
  }

  @Test
  func clearingTheQueryBeforeTheDebounceMakesNoRequest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.queryChanged("ali")) {
      $0.query = "ali"
      $0.isSearching = true
    }
    await store.send(.queryChanged(" \t")) {
      $0.query = " \t"
      $0.isSearching = false
    }
    // `testValue`'s unimplemented `search` would fail the test if it were called.
    await clock.advance(by: .seconds(1))
  }

  @Test
  func clearingTheQueryCancelsTheRequestInFlightAndTheResults() async {
    let clock = TestClock()
    let store = TestStore(initialState: Self.loaded("ali")) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = .never
    }

    await store.send(.queryChanged("alic")) {
      $0.query = "alic"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.send(.moveSelection(2)) {
      $0.selection = 2
    }
    await store.send(.queryChanged("")) {
      $0 = Search.State()
    }
    // The search that `.never` holds ends only because it was cancelled.
    await store.finish()
  }

  @Test
  func whitespaceAroundTheWordsMakesNoNewRequest() async {
    let store = TestStore(initialState: Self.loaded("ali")) {
      Search()
    }

    await store.send(.queryChanged(" ali ")) {
      $0.query = " ali "
    }
  }

  @Test
  func anAnswerForAnotherQueryIsDropped() async {
    var state = Self.loaded("ali")
    state.query = "alice"
    state.isSearching = true
    let store = TestStore(initialState: state) {
      Search()
    }

    await store.send(.resultsLoaded(Self.hits("ali")))
  }

  @Test
  func theQueryIsSentTrimmedWithTheLimitFromState() async {
    let clock = TestClock()
    let requests = LockIsolated<[[String]]>([])
    let store = TestStore(initialState: Search.State(limit: 3)) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { query, limit in
        requests.withValue { $0.append([query, String(limit)]) }
        return SearchClient.mockResults(query: query, limit: limit)
      }
    }

    await store.send(.queryChanged("  berg ")) {
      $0.query = "  berg "
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    let results = SearchClient.mockResults(query: "berg", limit: 3)
    // The first three of the mock's fourteen Bergs.
    #expect(results.users.map(\.item.id) == [4, 5, 6])
    await store.receive(.resultsLoaded(results)) {
      $0.isSearching = false
      $0.users = IdentifiedArray(uniqueElements: results.users)
      $0.resultsQuery = "berg"
    }
    #expect(requests.value == [["berg", "3"]])
  }

  @Test
  func aFailureShowsItsMessageAndRetrySearchesAgainAtOnce() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = .failing(APIError.transport("connection refused"))
    }

    await store.send(.queryChanged("ali")) {
      $0.query = "ali"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsFailed(APIError.transport("").message)) {
      $0.isSearching = false
      $0.errorMessage = "Can't reach the server. Check that it is running and try again."
    }

    store.dependencies.searchClient.search = { query, _ in Self.hits(query) }
    await store.send(.retry) {
      $0.isSearching = true
      $0.errorMessage = nil
    }
    await store.receive(.resultsLoaded(Self.hits("ali"))) {
      $0 = Self.loaded("ali")
    }
  }

  @Test
  func retryWithoutAFailureDoesNothing() async {
    let store = TestStore(initialState: Self.loaded("ali")) {
      Search()
    }

    await store.send(.retry)
  }

  @Test
  func aNewQueryClearsTheErrorAndKeepsTheOldResultsUntilItsAnswer() async {
    let clock = TestClock()
    var state = Self.loaded("ali")
    state.errorMessage = "The server took too long to answer. Please try again."
    let store = TestStore(initialState: state) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient = .empty
    }

    await store.send(.queryChanged("zz")) {
      $0.query = "zz"
      $0.isSearching = true
      $0.errorMessage = nil
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(SearchResults(query: "zz", users: [], posts: []))) {
      $0.isSearching = false
      $0.users = []
      $0.posts = []
      $0.resultsQuery = "zz"
    }
  }

  @Test
  func onAppearSearchesARestoredQueryAtOnce() async {
    let store = TestStore(initialState: Search.State(query: "ali")) {
      Search()
    } withDependencies: {
      $0.searchClient.search = { query, _ in Self.hits(query) }
    }

    await store.send(.onAppear) {
      $0.isSearching = true
    }
    await store.receive(.resultsLoaded(Self.hits("ali"))) {
      $0 = Self.loaded("ali")
    }
    await store.send(.onAppear)
  }

  @Test
  func onAppearWithoutAQueryDoesNothing() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    }

    await store.send(.onAppear)
  }

  @Test
  func choosingAUserOpensThatUser() async {
    let store = TestStore(initialState: Self.loaded("ali")) {
      Search()
    }

    await store.send(.openSelected)
    await store.receive(.delegate(.openUser(id: User.alice.id)))
    await store.send(.moveSelection(1)) {
      $0.selection = 1
    }
    await store.send(.openSelected)
    await store.receive(.delegate(.openUser(id: User.zoe.id)))
  }

  @Test
  func choosingAPostOpensItsAuthor() async {
    let store = TestStore(initialState: Self.loaded("ali")) {
      Search()
    }

    await store.send(.moveSelection(2)) {
      $0.selection = 2
    }
    await store.send(.openSelected)
    await store.receive(.delegate(.openUser(id: User.zoe.id)))
    await store.send(.moveSelection(1)) {
      $0.selection = 3
    }
    await store.send(.openSelected)
    await store.receive(.delegate(.openUser(id: User.alice.id)))
  }

  @Test
  func theSelectionStaysOnTheRows() async {
    let store = TestStore(initialState: Self.loaded("ali")) {
      Search()
    }

    await store.send(.moveSelection(10)) {
      $0.selection = 3
    }
    await store.send(.moveSelection(Int.max))
    await store.send(.moveSelection(-1)) {
      $0.selection = 2
    }
    await store.send(.moveSelection(Int.min)) {
      $0.selection = 0
    }
  }

  @Test
  func withoutResultsNothingIsSelectedOrOpened() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    }

    await store.send(.moveSelection(1))
    await store.send(.openSelected)
  }

  @Test
  func newResultsSelectTheirFirstRow() async {
    var state = Self.loaded("ali")
    state.selection = 3
    state.query = "alice"
    state.isSearching = true
    let store = TestStore(initialState: state) {
      Search()
    }

    await store.send(.resultsLoaded(Self.hits("alice"))) {
      $0 = Self.loaded("alice")
    }
  }

  @Test
  func theQueryIsTrimmedOfWhiteSpaceAtItsEndsOnly() {
    for (query, trimmed) in [
      ("alice", "alice"),
      ("  alice liddell \t", "alice liddell"),
      ("\n\u{00A0}zoë\u{3000}", "zoë"),
      ("\r\n a \u{2028}", "a"),
      (" \t\n ", ""),
      ("", ""),
      ("e\u{301} ", "e\u{301}"),
    ] {
      #expect(Search.State(query: query).trimmedQuery == trimmed, "\(query.debugDescription)")
    }
  }
}

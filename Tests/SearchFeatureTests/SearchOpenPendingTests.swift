import ComposableArchitecture
import FeatureTestSupport
import SearchFeature
import SearchFeatureTesting
import SharedModels
import SharedModelsTesting
import TerminalUI
import Testing

/// `enter` pressed before the results of the query typed have arrived.
@MainActor
@Suite(.mainSerialExecutor)
struct SearchOpenPendingTests {
  /// Zoë first for "zo…", Alice first for anything else.
  nonisolated static func results(_ query: String) -> SearchResults {
    let first: User = query.hasPrefix("zo") ? .zoe : .alice
    return SearchResults(query: query, users: [SearchResult(item: first, rank: 1)], posts: [])
  }

  /// A store whose searches answer after `latency` on `clock`.
  private func makeStore(
    _ state: Search.State, clock: TestClock<Duration>, latency: Duration = .zero
  ) -> TestStoreOf<Search> {
    TestStore(initialState: state) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = { query, _ in
        if latency > .zero { try await clock.sleep(for: latency) }
        return Self.results(query)
      }
    }
  }

  @Test
  func enterBeforeTheDebounceEndsSearchesAtOnceAndOpensTheFirstResultOfTheQueryTyped() async {
    let clock = TestClock()
    let shown = Self.results("ali")
    let store = makeStore(
      Search.State(
        query: "ali", users: IdentifiedArray(uniqueElements: shown.users), resultsQuery: "ali"),
      clock: clock)

    await store.send(.queryChanged("zoë")) {
      $0.query = "zoë"
      $0.isSearching = true
    }
    // Alice, the result of "ali", is selected; enter must not open her.
    await store.send(.openSelected) {
      $0.isOpenPending = true
    }
    await store.receive(.resultsLoaded(Self.results("zoë"))) {
      $0.isSearching = false
      $0.isOpenPending = false
      $0.users = [SearchResult(item: .zoe, rank: 1)]
      $0.resultsQuery = "zoë"
    }
    await store.receive(.openSelected)
    await store.receive(.delegate(.openUser(id: User.zoe.id)))
    // The debounced search was replaced: nothing more arrives when its delay passes.
    await clock.advance(by: .seconds(1))
  }

  @Test
  func typingAfterEnterForgetsTheOpen() async {
    let clock = TestClock()
    let store = makeStore(Search.State(), clock: clock, latency: .seconds(1))

    await store.send(.queryChanged("zo")) {
      $0.query = "zo"
      $0.isSearching = true
    }
    await store.send(.openSelected) {
      $0.isOpenPending = true
    }
    await store.send(.queryChanged("zoe")) {
      $0.query = "zoe"
      $0.isOpenPending = false
    }
    await clock.advance(by: store.state.debounce + .seconds(1))
    await store.receive(.resultsLoaded(Self.results("zoe"))) {
      $0.isSearching = false
      $0.users = [SearchResult(item: .zoe, rank: 1)]
      $0.resultsQuery = "zoe"
    }
  }

  @Test
  func enterIsOfferedWhileTheResultsAreForAnEarlierQuery() {
    var state = Search.State(query: "ali")
    #expect(SearchView(state: state).action(for: .enter) == .openSelected)
    state.resultsQuery = "ali"
    #expect(SearchView(state: state).action(for: .enter) == nil)
  }
}

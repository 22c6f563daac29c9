import AppSettings
import ComposableArchitecture
import FeatureKit
import Foundation
import SharedModels

/// The Search feature: searches users and posts as the person types.
///
/// Each keystroke sends ``Action/queryChanged(_:)`` (or ``Action/queryEdited(_:cursor:)``
/// when the cursor is not at the end). The request waits ``State/debounce`` on the
/// `continuousClock` dependency and is cancelled by the next keystroke, so typing quickly makes
/// one request, for the last query. A blank query clears the results without a request, and an
/// answer for a query other than the current one is dropped. Choosing a user opens that user;
/// choosing a post opens its author (``Action/Delegate/openUser(id:)``). Choosing while the
/// results shown are for an earlier query (the person typed, then pressed enter before the
/// debounce ended) searches at once and opens the first result of the query typed when it
/// arrives, never a result of the earlier query.
@Reducer
public struct Search {
  /// What the feature shows.
  @ObservableState
  public struct State: Equatable {
    /// The text in the search field, as typed.
    public var query: String
    /// Where the field's cursor is in ``query``, in characters; `nil` when it is at the end.
    public var queryCursor: Int?
    /// Matching users, best first.
    public var users: IdentifiedArrayOf<SearchResult<User>>
    /// Matching posts, best first.
    public var posts: IdentifiedArrayOf<SearchResult<Post>>
    /// The trimmed query ``users`` and ``posts`` answer, or `nil` when nothing has been
    /// searched (or the query was cleared), so a view can tell "no results" from "not searched".
    public var resultsQuery: String?
    /// Whether a search is waiting for its debounce or for the server.
    public var isSearching: Bool
    /// Whether the person chose a row while the results were for an earlier query: the first
    /// result of the current query opens when it arrives.
    public var isOpenPending: Bool
    /// What went wrong with the last search, if it failed.
    public var errorMessage: String?
    /// The selected row across both sections: users first (`0..<users.count`), then posts.
    public var selection: Int
    /// Whether the search field takes the keys (typing edits the query); when not, the results
    /// list takes them, and letters are shortcuts again.
    public var isEditingQuery: Bool
    /// The person's settings, shared with the Settings feature that changes them.
    @SharedReader(.userSettings) public var settings: UserSettings
    /// The largest number of users, and of posts, one search returns (the server allows 1–50).
    public var limit: Int

    /// Creates the state.
    public init(
      query: String = "",
      queryCursor: Int? = nil,
      users: IdentifiedArrayOf<SearchResult<User>> = [],
      posts: IdentifiedArrayOf<SearchResult<Post>> = [],
      resultsQuery: String? = nil,
      isSearching: Bool = false,
      isOpenPending: Bool = false,
      errorMessage: String? = nil,
      selection: Int = 0,
      isEditingQuery: Bool = true,
      limit: Int = 10
    ) {
      self.query = query
      self.queryCursor = queryCursor.flatMap { $0 < query.count ? max($0, 0) : nil }
      self.users = users
      self.posts = posts
      self.resultsQuery = resultsQuery
      self.isSearching = isSearching
      self.isOpenPending = isOpenPending
      self.errorMessage = errorMessage
      self.selection = selection
      self.isEditingQuery = isEditingQuery
      self.limit = limit
    }

    /// How long typing must pause before a request is sent (the settings' search delay).
    public var debounce: Duration { settings.searchDebounce }

    /// The query a request is made for: ``query`` without leading or trailing whitespace
    /// (spaces, tabs, line breaks and the other Unicode white space).
    ///
    /// It looks at the ends only: read on every keystroke, it costs nothing more for a long
    /// query (Foundation's `trimmingCharacters(in:)` copied the whole query to UTF-16 on Linux
    /// each time).
    public var trimmedQuery: String {
      guard let first = query.firstIndex(where: { !$0.isWhitespace }),
        let last = query.lastIndex(where: { !$0.isWhitespace })
      else { return "" }
      return String(query[first...last])
    }

    /// Whether the results shown answer the query in the field (or there is nothing to
    /// search).
    public var resultsAreCurrent: Bool {
      trimmedQuery.isEmpty || resultsQuery == trimmedQuery
    }

    /// How many rows the two sections hold together.
    public var rowCount: Int { users.count + posts.count }

    /// The user whose row is selected, if the selection is in the users section.
    public var selectedUser: User? {
      users.indices.contains(selection) ? users[selection].item : nil
    }

    /// The post whose row is selected, if the selection is in the posts section.
    public var selectedPost: Post? {
      let index = selection - users.count
      return posts.indices.contains(index) ? posts[index].item : nil
    }
  }

  /// What happens in the feature.
  public enum Action: Equatable {
    /// The screen was shown: searches at once if a query is typed but has no results yet.
    case onAppear
    /// The person edited the search field; the payload is the whole new text, with the cursor
    /// at its end.
    case queryChanged(String)
    /// The person edited the search field or moved its cursor: the whole new text, and where
    /// the cursor is in it (in characters).
    case queryEdited(String, cursor: Int)
    /// Repeats the search that failed, at once.
    case retry
    /// Moves the selection by `offset` rows across both sections, clamped.
    case moveSelection(Int)
    /// Opens the selected row: its user, or its post's author. While the results are for an
    /// earlier query, searches at once and opens the first result when it arrives.
    case openSelected
    /// The person left the search field (`esc`): the results list takes the keys.
    case queryFieldLeft
    /// The person went back to the search field (`/`).
    case queryFieldFocused
    /// The server answered a search.
    case resultsLoaded(SearchResults)
    /// The search failed; the payload is the message to show.
    case resultsFailed(String)
    /// What the parent must handle.
    case delegate(Delegate)

    /// Actions for the parent feature.
    @CasePathable
    public enum Delegate: Equatable {
      /// Show the user with this id.
      case openUser(id: User.ID)
    }
  }

  /// The ids of the feature's cancellable effects.
  enum CancelID {
    /// The debounced search request.
    case search
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.searchClient) var searchClient

  /// Creates the reducer.
  public init() {}

  /// The feature's logic.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        guard !state.trimmedQuery.isEmpty, !state.isSearching,
          state.resultsQuery != state.trimmedQuery, state.errorMessage == nil
        else { return .none }
        return search(&state, after: nil)

      case let .queryChanged(query):
        return edit(&state, query: query, cursor: nil)

      case let .queryEdited(query, cursor):
        return edit(&state, query: query, cursor: cursor)

      case .retry:
        guard state.errorMessage != nil, !state.trimmedQuery.isEmpty else { return .none }
        return search(&state, after: nil)

      case let .moveSelection(offset):
        state.isOpenPending = false
        state.selection = ListSelection.moved(state.selection, by: offset, count: state.rowCount)
        return .none

      case .queryFieldLeft:
        state.isEditingQuery = false
        return .none

      case .queryFieldFocused:
        state.isEditingQuery = true
        return .none

      case .openSelected:
        guard state.resultsAreCurrent else {
          state.isOpenPending = true
          return search(&state, after: nil)
        }
        if let user = state.selectedUser {
          return .send(.delegate(.openUser(id: user.id)))
        }
        if let post = state.selectedPost {
          return .send(.delegate(.openUser(id: post.authorID)))
        }
        return .none

      case let .resultsLoaded(results):
        guard results.query == state.trimmedQuery else { return .none }
        state.isSearching = false
        state.errorMessage = nil
        state.users = IdentifiedArray(results.users, uniquingIDsWith: { first, _ in first })
        state.posts = IdentifiedArray(results.posts, uniquingIDsWith: { first, _ in first })
        state.resultsQuery = results.query
        state.selection = 0
        guard state.isOpenPending else { return .none }
        state.isOpenPending = false
        return .send(.openSelected)

      case let .resultsFailed(message):
        state.isSearching = false
        state.isOpenPending = false
        state.errorMessage = message
        return .none

      case .delegate:
        return .none
      }
    }
  }

  /// Puts `query` in the field with the cursor at `cursor` (`nil`: the end), and searches for
  /// it after the debounce when its words changed; a blank query clears the results.
  private func edit(_ state: inout State, query: String, cursor: Int?) -> Effect<Action> {
    let previous = state.trimmedQuery
    state.isOpenPending = false
    // The field stops taking characters where the server would refuse the query.
    state.query = String(query.prefix(SearchRules.queryMaxLength))
    state.queryCursor = cursor.flatMap { $0 < state.query.count ? max($0, 0) : nil }
    guard !state.trimmedQuery.isEmpty else {
      state.users = []
      state.posts = []
      state.resultsQuery = nil
      state.isSearching = false
      state.errorMessage = nil
      state.selection = 0
      return .cancel(id: CancelID.search)
    }
    // Whitespace around the words does not change what is searched.
    guard state.trimmedQuery != previous else { return .none }
    return search(&state, after: state.debounce)
  }

  /// Starts a search for the current query, after `delay` when there is one, cancelling the
  /// search in flight.
  private func search(_ state: inout State, after delay: Duration?) -> Effect<Action> {
    state.isSearching = true
    state.errorMessage = nil
    let query = state.trimmedQuery
    let limit = state.limit
    return .run { [clock, searchClient] send in
      if let delay {
        try await clock.sleep(for: delay)
      }
      do {
        await send(.resultsLoaded(try await searchClient.search(query: query, limit: limit)))
      } catch {
        await send(.resultsFailed(error.localizedDescription))
      }
    }
    .cancellable(id: CancelID.search, cancelInFlight: true)
  }
}

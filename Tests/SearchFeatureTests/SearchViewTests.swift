import ComposableArchitecture
import InlineSnapshotTesting
import SearchFeature
import SharedModels
import SharedModelsTesting
import TerminalUI
import Testing

@Suite struct SearchViewTests {
  /// Zoë and Hana, as a search answers them.
  static let users: IdentifiedArrayOf<SearchResult<User>> = [
    SearchResult(item: .zoe, rank: 2), SearchResult(item: .hana, rank: 1),
  ]

  /// A post by each of them.
  static let posts: IdentifiedArrayOf<SearchResult<Post>> = [
    SearchResult(item: .fixture(id: 7, author: .zoe, body: "Café today ☕️\nsee you"), rank: 2),
    SearchResult(
      item: .fixture(id: 8, author: .hana, body: "写真とコーヒーの一日。とても長い文章です。"), rank: 1),
  ]

  @Test func anEmptyQueryShowsThePlaceholderAndAHint() {
    let view = SearchView(state: Search.State())
    assertInlineSnapshot(of: framed(view, height: 4), as: .lines) {
      """
      |Search › users and posts                                    |
      |Type to search users and posts.                             |
      |                                                            |
      |                                                            |
      """
    }
  }

  @Test func searchingShowsTheSpinner() {
    let view = SearchView(state: Search.State(query: "zo ", isSearching: true))
    assertInlineSnapshot(of: framed(view, height: 3, tick: 1), as: .lines) {
      """
      |Search › zo                                                 |
      |⠙ Searching for “zo”…                                       |
      |                                                            |
      """
    }
  }

  @Test func resultsInTwoSectionsWithAPostSelected() {
    let view = SearchView(
      state: Search.State(
        query: "zo", users: Self.users, posts: Self.posts, resultsQuery: "zo", selection: 2))
    assertInlineSnapshot(of: framed(view, height: 10), as: .lines) {
      """
      |Search › zo                                                 |
      |2 users · 2 posts for “zo”                                  |
      |  Users                                                     |
      |  Zoë Ångström  @zoe                                  1 post|
      |  山田 花子  @hana                                   0 posts|
      |  Posts                                                     |
      |› Zoë Ångström · 2024-01-01 · Café today ☕️ see you         |
      |  山田 花子 · 2024-01-01 · 写真とコーヒーの一日。とても長い…|
      |  — end —                                                   |
      |                                                            |
      """
    }
  }

  @Test func aFullSectionSaysOnlyTheBestMatchesAreShown() {
    let view = SearchView(
      state: Search.State(
        query: "zo", users: Self.users, posts: [Self.posts[0]], resultsQuery: "zo", limit: 2))
    assertInlineSnapshot(of: framed(view, height: 8), as: .lines) {
      """
      |Search › zo                                                 |
      |top 2 users · 1 post for “zo”                               |
      |  Users                                                     |
      |› Zoë Ångström  @zoe                                  1 post|
      |  山田 花子  @hana                                   0 posts|
      |  Posts                                                     |
      |  Zoë Ångström · 2024-01-01 · Café today ☕️ see you         |
      |  — the best 2 of each; type more to narrow the search —    |
      """
    }
  }

  @Test func onlyPostsLeaveOutTheUsersSection() {
    let view = SearchView(
      state: Search.State(query: "café", posts: Self.posts, resultsQuery: "café"))
    assertInlineSnapshot(of: framed(view, height: 6), as: .lines) {
      """
      |Search › café                                               |
      |0 users · 2 posts for “café”                                |
      |  Posts                                                     |
      |› Zoë Ångström · 2024-01-01 · Café today ☕️ see you         |
      |  山田 花子 · 2024-01-01 · 写真とコーヒーの一日。とても長い…|
      |  — end —                                                   |
      """
    }
  }

  @Test func noResults() {
    let view = SearchView(state: Search.State(query: "xyz", resultsQuery: "xyz"))
    assertInlineSnapshot(of: framed(view, height: 3), as: .lines) {
      """
      |Search › xyz                                                |
      |0 users · 0 posts for “xyz”                                 |
      |  No users or posts match “xyz”.                            |
      """
    }
  }

  @Test func aFailedSearchOffersRetry() {
    let view = SearchView(
      state: Search.State(
        query: "zoe", users: Self.users, resultsQuery: "zoe",
        errorMessage: "The server could not be reached."))
    assertInlineSnapshot(of: framed(view, height: 6), as: .lines) {
      """
      |Search › zoe                                                |
      |Couldn't search: The server could not be reached.           |
      |ctrl-r retry                                                |
      |  Users                                                     |
      |› Zoë Ångström  @zoe                                  1 post|
      |  山田 花子  @hana                                   0 posts|
      """
    }
    #expect(view.action(for: .ctrl("r")) == .retry)
    #expect(view.action(for: .character("r")) == .queryChanged("zoer"))
    let short = SearchView(state: Search.State(query: "zoe", errorMessage: "Timed out."))
    assertInlineSnapshot(of: framed(short, height: 2), as: .lines) {
      """
      |Search › zoe                                                |
      |Couldn't search: Timed out.  ctrl-r retry                   |
      """
    }
  }

  @Test func theSelectionStaysVisibleDownTheSections() {
    let users = IdentifiedArray(
      uniqueElements: User.fixtures(ids: 1...8).map { SearchResult(item: $0, rank: 1) })
    let posts = IdentifiedArray(
      uniqueElements: Post.fixtures(ids: 1...8).map { SearchResult(item: $0, rank: 1) })
    let view = SearchView(
      state: Search.State(
        query: "user", users: users, posts: posts, resultsQuery: "user", selection: 9))
    assertInlineSnapshot(of: framed(view, height: 7), as: .lines) {
      """
      |Search › user                                               |
      |8 users · 8 posts for “user”                                |
      |  User 7  @user7                                     0 posts|
      |  User 8  @user8                                     0 posts|
      |  Posts                                                     |
      |  Alice Liddell · 2024-01-01 · Post number 8.               |
      |› Alice Liddell · 2024-01-01 · Post number 7.               |
      """
    }
  }

  @Test func theFieldShowsTheCursorAfterTheQuery() {
    let theme = Theme.monochrome
    let view = SearchView(state: Search.State(query: "Zoë"))
    let field = view.screen(in: RenderContext(width: 20, height: 2, theme: theme)).lines[0]
    #expect(field.plainText == "Search › Zoë        ")
    let cursor = field.spans.first { $0.style == theme.cursor }
    #expect(cursor?.text == " ")
    #expect(field.spans.first { $0.text == "Zoë" }?.style == theme.text)
    // Without the focus the field draws no cursor.
    let unfocused = view.screen(
      in: RenderContext(width: 20, height: 2, theme: theme, isFocused: false)
    ).lines[0]
    #expect(unfocused.spans.allSatisfy { $0.style != theme.cursor })
  }

  @Test func aLongQueryScrollsSoTheCursorStaysInView() {
    let view = SearchView(state: Search.State(query: "山田 花子 and a very long query"))
    assertInlineSnapshot(of: framed(view, width: 24, height: 1), as: .lines) {
      """
      |Search › ery long query |
      """
    }
  }

  @Test func charactersTypeIntoTheQueryAndBackspaceDeletes() {
    let view = SearchView(state: Search.State(query: "Zo"))
    #expect(view.action(for: .character("ë")) == .queryChanged("Zoë"))
    #expect(view.action(for: .character("j")) == .queryChanged("Zoj"))
    #expect(view.action(for: .character("G")) == .queryChanged("ZoG"))
    #expect(view.action(for: .character(" ")) == .queryChanged("Zo "))
    #expect(view.action(for: .backspace) == .queryChanged("Z"))
    #expect(SearchView(state: Search.State()).action(for: .backspace) == nil)
    #expect(SearchView(state: Search.State()).action(for: .character("z")) == .queryChanged("z"))
  }

  @Test func theArrowsMoveTheCursorAndEditsHappenWhereItIs() {
    let atEnd = SearchView(state: Search.State(query: "Zoë"))
    #expect(atEnd.action(for: .left) == .queryEdited("Zoë", cursor: 2))
    #expect(atEnd.action(for: .ctrl("a")) == .queryEdited("Zoë", cursor: 0))
    #expect(atEnd.action(for: .right) == nil)

    let inside = SearchView(state: Search.State(query: "Zoë", queryCursor: 1))
    #expect(inside.action(for: .character("x")) == .queryEdited("Zxoë", cursor: 2))
    #expect(inside.action(for: .backspace) == .queryEdited("oë", cursor: 0))
    #expect(inside.action(for: .delete) == .queryEdited("Zë", cursor: 1))
    #expect(inside.action(for: .ctrl("k")) == .queryChanged("Z"))
    #expect(inside.action(for: .ctrl("e")) == .queryChanged("Zoë"))
    #expect(
      SearchView(state: Search.State(query: "Zoë", queryCursor: 2)).action(for: .right)
        == .queryChanged("Zoë"))
    #expect(SearchView(state: Search.State(query: "Zoë", queryCursor: 0)).action(for: .left) == nil)
  }

  @Test func theCursorIsDrawnWhereItIs() {
    let theme = Theme.monochrome
    let view = SearchView(state: Search.State(query: "zoe", queryCursor: 1))
    let field = view.screen(in: RenderContext(width: 20, height: 2, theme: theme)).lines[0]
    #expect(field.plainText == "Search › zoe        ")
    #expect(field.spans.filter { $0.style == theme.cursor }.map(\.text) == ["o"])
  }

  @Test func escLeavesTheFieldForTheResultsWhereLettersAreKeysAndSlashReturns() {
    let editing = SearchView(
      state: Search.State(
        query: "zo", users: Self.users, posts: Self.posts, resultsQuery: "zo", selection: 1))
    #expect(editing.action(for: .escape) == .queryFieldLeft)
    #expect(editing.action(for: .character("q")) == .queryChanged("zoq"))

    var state = editing.state
    state.isEditingQuery = false
    let results = SearchView(state: state)
    #expect(results.action(for: .character("j")) == .moveSelection(1))
    #expect(results.action(for: .character("k")) == .moveSelection(-1))
    #expect(results.action(for: .down) == .moveSelection(1))
    #expect(results.action(for: .character("g")) == .moveSelection(-1))
    #expect(results.action(for: .character("G")) == .moveSelection(2))
    #expect(results.action(for: .enter) == .openSelected)
    #expect(results.action(for: .character("/")) == .queryFieldFocused)
    // Nothing types any more: `q` and the digits are left to the app and the host.
    #expect(results.action(for: .character("q")) == nil)
    #expect(results.action(for: .character("3")) == nil)
    #expect(results.action(for: .backspace) == nil)
    #expect(results.action(for: .escape) == nil)
  }

  @Test func theFieldShowsItsCursorOnlyWhileEdited() {
    let theme = Theme.dark
    let context = RenderContext(width: 30, height: 3, theme: theme)
    let editing = SearchView(state: Search.State(query: "zo")).render(in: context)[0]
    let left = SearchView(state: Search.State(query: "zo", isEditingQuery: false))
      .render(in: context)[0]
    #expect(editing.spans.contains { $0.style == theme.cursor })
    #expect(left.spans.allSatisfy { $0.style != theme.cursor })
  }

  @Test func arrowsMoveThroughBothSectionsAndEnterOpens() {
    let view = SearchView(
      state: Search.State(
        query: "zo", users: Self.users, posts: Self.posts, resultsQuery: "zo", selection: 1))
    #expect(view.action(for: .down) == .moveSelection(1))
    #expect(view.action(for: .up) == .moveSelection(-1))
    #expect(view.action(for: .pageDown) == .moveSelection(10))
    #expect(view.action(for: .pageUp) == .moveSelection(-10))
    // In the field `ctrl-u` and `ctrl-w` edit the query, as in a shell.
    #expect(view.action(for: .ctrl("u")) == .queryChanged(""))
    #expect(view.action(for: .ctrl("w")) == .queryChanged(""))
    #expect(view.action(for: .home) == .moveSelection(-1))
    #expect(view.action(for: .end) == .moveSelection(2))
    #expect(view.action(for: .enter) == .openSelected)
    #expect(view.action(for: .ctrl("r")) == nil)
    #expect(view.action(for: .tab) == nil)
    #expect(
      view.keyHints == [
        KeyHint(keys: "↓/↑", label: "move"), KeyHint(keys: "enter", label: "open"),
        KeyHint(keys: "pgdn/pgup", label: "page"), KeyHint(keys: "home/end", label: "first/last"),
        KeyHint(keys: "esc", label: "results"),
        KeyHint(keys: "type", label: "search"),
      ])
  }

  @Test func withoutResultsOnlyTheFieldTakesKeys() {
    let view = SearchView(state: Search.State(query: "xyz", resultsQuery: "xyz"))
    #expect(view.action(for: .down) == nil)
    #expect(view.action(for: .enter) == nil)
    #expect(view.action(for: .end) == nil)
  }
}

/// The view's screen in the monochrome theme, each line between `|` marks so widths show.
private func framed(
  _ view: SearchView, width: Int = 60, height: Int = 6, tick: Int = 0
) -> String {
  view.screen(in: RenderContext(width: width, height: height, theme: .monochrome, tick: tick))
    .framedText
}

import AppSettings
import ComposableArchitecture
import FeatureKit
import HomeFeature
import InlineSnapshotTesting
import SharedModels
import SharedModelsTesting
import TerminalUI
import Testing

@MainActor
struct HomeViewTests {
  /// A feed of three posts whose authors' names take more columns than characters.
  private let posts: IdentifiedArrayOf<Post> = [
    .fixture(id: 3, author: .hana, body: "東京タワーの夜景がきれいでした。また行きたいです。"),
    .fixture(id: 2, author: .zoe, body: "Café au lait ☕️ and a croissant 🥐\nthen back to work"),
    .fixture(id: 1, author: .alice, body: "Down the rabbit hole."),
  ]

  /// The alert a failed load shows.
  private let failureAlert = AlertState<Home.Action.Alert> {
    TextState("Couldn't load the feed")
  } actions: {
    ButtonState(action: .retry) { TextState("Retry") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState("The server could not be reached.")
  }

  /// The frame of `state` as text, each line between bars so its width shows.
  private func frame(
    _ state: Home.State, width: Int = 60, height: Int = 8, tick: Int = 0
  ) -> String {
    HomeView(state: state)
      .screen(in: RenderContext(width: width, height: height, theme: .monochrome, tick: tick))
      .framedText
  }

  @Test
  func loadingTheFirstPageShowsASpinner() {
    assertInlineSnapshot(of: frame(Home.State(paging: Paging(loadingPage: 1)), tick: 2), as: .lines)
    {
      """
      |Home                                                        |
      |  ⠹ Loading posts…                                          |
      |                                                            |
      |                                                            |
      |                                                            |
      |                                                            |
      |                                                            |
      |                                                            |
      """
    }
  }

  @Test
  func anEmptyFeedSaysSo() {
    assertInlineSnapshot(
      of: frame(Home.State(paging: Paging(nextPage: nil)), height: 4), as: .lines
    ) {
      """
      |Home                                                        |
      |  No posts yet.                                             |
      |                                                            |
      |                                                            |
      """
    }
  }

  @Test
  func aFailedFirstPageShowsTheErrorAndHowToRetry() {
    let state = Home.State(
      paging: Paging(failedPage: 1), errorMessage: "The server could not be reached.")
    assertInlineSnapshot(of: frame(state, height: 4), as: .lines) {
      """
      |Home                                                        |
      |  Couldn't load the feed: The server could not be reached.  |
      |  r retry                                                   |
      |                                                            |
      """
    }
  }

  @Test
  func aLongErrorWrapsInANarrowFrame() {
    let state = Home.State(
      paging: Paging(failedPage: 1), errorMessage: "The server could not be reached.")
    assertInlineSnapshot(of: frame(state, width: 30, height: 5), as: .lines) {
      """
      |Home                          |
      |  Couldn't load the feed: The |
      |  server could not be reached.|
      |  r retry                     |
      |                              |
      """
    }
  }

  @Test
  func postsShowAuthorTextAndDateInWideCharacters() {
    let state = Home.State(posts: posts, selection: 1)
    assertInlineSnapshot(of: frame(state, height: 5), as: .lines) {
      """
      |Home · 3 posts                                              |
      |  山田 花子      東京タワーの夜景がきれい…  2024-01-01 00:03|
      |› Zoë Ångström   Café au lait ☕️ and a cr…  2024-01-01 00:02|
      |  Alice Liddell  Down the rabbit hole.      2024-01-01 00:01|
      |                                                            |
      """
    }
  }

  @Test
  func aHighScreenShowsTheSelectedPostsWholeTextUnderTheList() {
    let state = Home.State(posts: posts, selection: 1)
    // 14 lines: `PostPreview.minimumHeight`.
    let lines = frame(state, height: 14).split(separator: "\n")
    #expect(lines.count == 14)
    #expect(lines[lines.count - 4].contains("────"))
    #expect(lines[lines.count - 3].hasPrefix("|  Café au lait ☕️ and a cr"))
    #expect(!frame(state, height: 13).contains("────"))
  }

  @Test
  func withoutPreviewsRowsShowTheHandleInstead() {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.showsPostPreviews = false }
    let state = Home.State(posts: posts, selection: 0)
    assertInlineSnapshot(of: frame(state, height: 5), as: .lines) {
      """
      |Home · 3 posts                                              |
      |› 山田 花子      @hana                      2024-01-01 00:03|
      |  Zoë Ångström   @zoe                       2024-01-01 00:02|
      |  Alice Liddell  @alice                     2024-01-01 00:01|
      |                                                            |
      """
    }
  }

  @Test
  func narrowFramesDropTheDateAndKeepEveryLineInWidth() {
    let state = Home.State(posts: posts, selection: 2)
    assertInlineSnapshot(of: frame(state, width: 30, height: 5), as: .lines) {
      """
      |Home · 3 posts                |
      |  山田 花子  東京タワーの夜景…|
      |  Zoë Ångs…  Café au lait ☕️ …|
      |› Alice Li…  Down the rabbit …|
      |                              |
      """
    }
  }

  @Test
  func theLastPageEndsTheFeedAndTheSelectionScrollsIntoView() {
    let many = IdentifiedArray(uniqueElements: Post.fixtures(ids: 1...12))
    let state = Home.State(posts: many, selection: 11, paging: Paging(nextPage: nil))
    assertInlineSnapshot(of: frame(state, height: 6), as: .lines) {
      """
      |Home · 12 posts                                             |
      |  Alice Liddell  Post number 4.             2024-01-01 00:04|
      |  Alice Liddell  Post number 3.             2024-01-01 00:03|
      |  Alice Liddell  Post number 2.             2024-01-01 00:02|
      |› Alice Liddell  Post number 1.             2024-01-01 00:01|
      |  — end —                                                   |
      """
    }
  }

  @Test
  func aNextPageLoadingShowsAtTheEnd() {
    let state = Home.State(posts: posts, selection: 2, paging: Paging(nextPage: 2, loadingPage: 2))
    assertInlineSnapshot(of: frame(state, height: 6, tick: 1), as: .lines) {
      """
      |Home · 3 posts                                              |
      |  山田 花子      東京タワーの夜景がきれい…  2024-01-01 00:03|
      |  Zoë Ångström   Café au lait ☕️ and a cr…  2024-01-01 00:02|
      |› Alice Liddell  Down the rabbit hole.      2024-01-01 00:01|
      |  ⠙ Loading more posts…                                     |
      |                                                            |
      """
    }
  }

  @Test
  func aRefreshShowsInTheTitle() {
    let state = Home.State(posts: posts, paging: Paging(loadingPage: 1))
    assertInlineSnapshot(of: frame(state, height: 2, tick: 3), as: .lines) {
      """
      |Home · 3 posts · ⠸ refreshing                               |
      |› 山田 花子      東京タワーの夜景がきれい…  2024-01-01 00:03|
      """
    }
  }

  @Test
  func aFailedNextPageShowsTheErrorAfterThePosts() {
    let state = Home.State(
      posts: posts, selection: 2, paging: Paging(nextPage: 2, failedPage: 2),
      errorMessage: "The server could not be reached.")
    assertInlineSnapshot(of: frame(state, height: 7), as: .lines) {
      """
      |Home · 3 posts                                              |
      |  山田 花子      東京タワーの夜景がきれい…  2024-01-01 00:03|
      |  Zoë Ångström   Café au lait ☕️ and a cr…  2024-01-01 00:02|
      |› Alice Liddell  Down the rabbit hole.      2024-01-01 00:01|
      |  Couldn't load the feed: The server could not be reached.  |
      |  r retry                                                   |
      |                                                            |
      """
    }
  }

  @Test
  func theFailureAlertIsABoxOverTheFeedWithTheSelectedButton() {
    let state = Home.State(
      posts: posts, paging: Paging(nextPage: 2, failedPage: 2),
      errorMessage: "The server could not be reached.",
      alert: failureAlert, alertSelection: 1)
    assertInlineSnapshot(of: frame(state, height: 9), as: .lines) {
      """
      |Home · 3 posts                                              |
      |› 山田 花子      東京タワーの夜景がきれい…  2024-01-01 00:03|
      |  Zoë Ångstr╭─ Couldn't load the feed ─────────╮-01-01 00:02|
      |  Alice Lidd│ The server could not be reached. │-01-01 00:01|
      |  Couldn't l│                                  │e reached.  |
      |  r retry   │        Retry    [ Cancel ]       │            |
      |            ╰──────────────────────────────────╯            |
      |                                                            |
      |                                                            |
      """
    }
  }

  @Test
  func stylesComeFromTheTheme() {
    let theme = Theme.dark
    let state = Home.State(
      posts: posts, selection: 1, paging: Paging(nextPage: 2, failedPage: 2),
      errorMessage: "Offline.")
    let screen = HomeView(state: state).screen(
      in: RenderContext(width: 60, height: 8, theme: theme))
    #expect(screen.lines[0].spans.first?.style == theme.title)
    #expect(screen.lines[2] == screen.lines[2].applying(theme.selection))
    #expect(screen.lines[1].spans.contains { $0.style == theme.accent })
    #expect(screen.lines[4].spans.contains { $0.style == theme.error })
    #expect(screen.lines.allSatisfy { $0.width == 60 })
  }

  @Test
  func movementKeysMoveTheSelection() {
    let view = HomeView(state: Home.State(posts: posts, selection: 1))
    #expect(view.action(for: .down) == .moveSelection(1))
    #expect(view.action(for: .character("j")) == .moveSelection(1))
    #expect(view.action(for: .up) == .moveSelection(-1))
    #expect(view.action(for: .character("k")) == .moveSelection(-1))
    #expect(view.action(for: .pageDown) == .moveSelection(10))
    #expect(view.action(for: .ctrl("d")) == .moveSelection(10))
    #expect(view.action(for: .pageUp) == .moveSelection(-10))
    #expect(view.action(for: .ctrl("u")) == .moveSelection(-10))
    #expect(view.action(for: .character("g")) == .moveSelection(-1))
    #expect(view.action(for: .home) == .moveSelection(-1))
    #expect(view.action(for: .character("G")) == .moveSelection(1))
    #expect(view.action(for: .end) == .moveSelection(1))
  }

  @Test
  func enterOpensTheSelectedPostsAuthor() {
    let view = HomeView(state: Home.State(posts: posts, selection: 1))
    #expect(view.action(for: .enter) == .openSelected)
    // One key for it: `a` did the same, and said so beside `enter` in the status line.
    #expect(view.action(for: .character("a")) == nil)
    let empty = HomeView(state: Home.State())
    #expect(empty.action(for: .enter) == nil)
  }

  @Test
  func rRefreshesOrRetriesTheFailedPage() {
    #expect(HomeView(state: Home.State(posts: posts)).action(for: .character("r")) == .refresh)
    let failed = Home.State(posts: posts, paging: Paging(failedPage: 2), errorMessage: "Offline.")
    #expect(HomeView(state: failed).action(for: .character("r")) == .retry)
  }

  @Test
  func theAppsKeysAreLeftToTheApp() {
    let view = HomeView(state: Home.State(posts: posts))
    for key in [Key.character("q"), .character("?"), .character("1"), .tab, .escape] {
      #expect(view.action(for: key) == nil)
    }
  }

  @Test
  func theAlertTakesTheKeysWhileItIsShown() {
    var state = Home.State(posts: posts, paging: Paging(failedPage: 1), alert: failureAlert)
    let view = HomeView(state: state)
    #expect(view.action(for: .right) == .alertSelectionChanged(1))
    #expect(view.action(for: .character("l")) == .alertSelectionChanged(1))
    #expect(view.action(for: .tab) == .alertSelectionChanged(1))
    #expect(view.action(for: .left) == .alertSelectionChanged(1))
    #expect(view.action(for: .character("j")) == .alertSelectionChanged(1))
    #expect(view.action(for: .enter) == .alert(.presented(.retry)))
    #expect(view.action(for: .escape) == .alert(.dismiss))
    #expect(view.action(for: .character("a")) == nil)
    state.alertSelection = 1
    let cancelSelected = HomeView(state: state)
    #expect(cancelSelected.action(for: .enter) == .alert(.dismiss))
    #expect(cancelSelected.action(for: .tab) == .alertSelectionChanged(0))
    #expect(cancelSelected.action(for: .backTab) == .alertSelectionChanged(0))
    #expect(
      cancelSelected.keyHints == [
        KeyHint(keys: "←/→", label: "select"), KeyHint(keys: "enter", label: "choose"),
        KeyHint(keys: "esc", label: "dismiss"),
      ])
  }

  @Test
  func hintsListTheFeedsKeys() {
    #expect(
      HomeView(state: Home.State(posts: posts)).keyHints == [
        KeyHint(keys: "j/k", label: "move"), KeyHint(keys: "enter", label: "open"),
        KeyHint(keys: "r", label: "refresh"),
        KeyHint(keys: "pgdn/pgup", label: "page"), KeyHint(keys: "g/G", label: "top/bottom"),
      ])
  }
}

@Suite struct HomeNotLoadedViewTests {
  private func text(_ state: Home.State) -> String {
    HomeView(state: state).screen(in: RenderContext(width: 40, height: 4, theme: .monochrome))
      .plainText
  }

  @Test func aFeedNothingWasAskedForSaysRLoadsItAndAnEmptyOneSaysSo() {
    #expect(text(Home.State()).contains("Not loaded yet: r loads the feed."))
    #expect(HomeView(state: Home.State()).action(for: .character("r")) == .refresh)
    #expect(text(Home.State(paging: Paging(nextPage: nil))).contains("No posts yet."))
    // Without posts, no key offers to move among them (as in the users list).
    #expect(HomeView(state: Home.State()).action(for: .character("j")) == nil)
    #expect(HomeView(state: Home.State()).action(for: .pageDown) == nil)
  }
}

import AppSettings
import ComposableArchitecture
import FeatureKit
import InlineSnapshotTesting
import SharedModels
import SharedModelsTesting
import TerminalUI
import Testing
import UserDetailFeature

@Suite struct UserDetailViewTests {
  /// Posts `ids` by `author`, newest first.
  static func posts(_ ids: ClosedRange<Int>, by author: User = .zoe) -> IdentifiedArrayOf<Post> {
    IdentifiedArray(uniqueElements: Post.fixtures(ids: ids, author: author))
  }

  @Test func loadingTheUserShowsTheSpinner() {
    let view = UserDetailView(state: UserDetail.State(userID: 2, isLoadingUser: true))
    assertInlineSnapshot(of: framed(view, height: 3, tick: 4), as: .lines) {
      """
      |User                                                        |
      |⠼ Loading user…                                             |
      |                                                            |
      """
    }
  }

  @Test func anUnknownUser() {
    let view = UserDetailView(
      state: UserDetail.State(userID: 42, isNotFound: true, paging: Paging(nextPage: nil)))
    assertInlineSnapshot(of: framed(view, height: 2), as: .lines) {
      """
      |User                                                        |
      |There is no user with id 42.                                |
      """
    }
    #expect(view.action(for: .character("r")) == .refresh)
  }

  @Test func aFailedUserLoadOffersRetry() {
    let view = UserDetailView(
      state: UserDetail.State(
        userID: 2, userFailed: true, errorMessage: "The server could not be reached."))
    assertInlineSnapshot(of: framed(view, height: 4), as: .lines) {
      """
      |User                                                        |
      |Couldn't load the user: The server could not be reached.    |
      |r retry                                                     |
      |                                                            |
      """
    }
    #expect(view.action(for: .character("r")) == .retry)
    #expect(view.keyHints == [KeyHint(keys: "r", label: "retry")])
  }

  @Test func unicodeNameAndBioThenThePostsLoading() {
    let view = UserDetailView(
      state: UserDetail.State(userID: 2, user: .zoe, paging: Paging(loadingPage: 1)))
    assertInlineSnapshot(of: framed(view, height: 6), as: .lines) {
      """
      |Zoë Ångström  @zoe                                          |
      |Café owner ☕️ and night owl 🦉                              |
      |Joined 2024-01-02 · 1 post                                  |
      |────────────────────────────────────────────────────────────|
      |  ⠋ Loading posts…                                          |
      |                                                            |
      """
    }
  }

  @Test func aLongCJKBioIsCutAfterTwoLines() {
    let hana = User(
      id: 3, handle: "hana", displayName: "山田 花子",
      bio: "東京から。写真とコーヒー。 毎朝カメラを持って散歩します。 週末は鎌倉まで足をのばして海を撮ります。",
      joinedAt: User.hana.joinedAt, postCount: 0)
    let view = UserDetailView(
      state: UserDetail.State(userID: 3, user: hana, paging: Paging(nextPage: nil)))
    assertInlineSnapshot(of: framed(view, width: 30, height: 6), as: .lines) {
      """
      |山田 花子  @hana              |
      |東京から。写真とコーヒー。    |
      |毎朝カメラを持って散歩します… |
      |Joined 2024-01-03 · 0 posts   |
      |──────────────────────────────|
      |  No posts yet.               |
      """
    }
  }

  @Test func postsWithTheSelectionAndTheEndOfTheList() {
    var posts = Self.posts(1...3)
    posts[id: 3]?.body = "Café today ☕️ with a very long text that goes past the row's width"
    posts[id: 3]?.likeCount = 1
    posts[id: 2]?.likeCount = 12
    let view = UserDetailView(
      state: UserDetail.State(
        userID: 2, user: .zoe, posts: posts, selection: 1, paging: Paging(nextPage: nil)))
    assertInlineSnapshot(of: framed(view, height: 9), as: .lines) {
      """
      |Zoë Ångström  @zoe                                          |
      |Café owner ☕️ and night owl 🦉                              |
      |Joined 2024-01-02 · 1 post                                  |
      |────────────────────────────────────────────────────────────|
      |  2024-01-01  Café today ☕️ with a very long text t…  1 like|
      |› 2024-01-01  Post number 2.                        12 likes|
      |  2024-01-01  Post number 1.                         0 likes|
      |  — end —                                                   |
      |                                                            |
      """
    }
  }

  @Test func aHighScreenShowsTheSelectedPostsWholeTextUnderTheList() {
    var posts = Self.posts(1...3)
    posts[id: 3]?.body = "Café today ☕️ with a very long text that goes past the row's width"
    let view = UserDetailView(
      state: UserDetail.State(userID: 2, user: .zoe, posts: posts, paging: Paging(nextPage: nil)))
    // 14 lines: `PostPreview.minimumHeight`.
    let lines = framed(view, height: 14).split(separator: "\n")
    #expect(lines.count == 14)
    #expect(lines[lines.count - 4] == "|" + String(repeating: "─", count: 60) + "|")
    #expect(
      lines[lines.count - 3].hasPrefix("|  Café today ☕️ with a very long text that goes past"))
    #expect(lines[lines.count - 2].hasPrefix("|  row's width"))
  }

  @Test func withoutPreviewsPostsShowTheirDayAndLikes() {
    @Shared(.userSettings) var settings
    $settings.withLock { $0.showsPostPreviews = false }
    let view = UserDetailView(
      state: UserDetail.State(
        userID: 1, user: .alice, posts: Self.posts(1...2, by: .alice), paging: Paging(nextPage: nil)
      ))
    assertInlineSnapshot(of: framed(view, width: 40, height: 7), as: .lines) {
      """
      |Alice Liddell  @alice                   |
      |Curiouser and curiouser.                |
      |Joined 2024-01-01 · 3 posts             |
      |────────────────────────────────────────|
      |› 2024-01-01                     0 likes|
      |  2024-01-01                     0 likes|
      |  — end —                               |
      """
    }
  }

  @Test func scrolledToTheNextPageLoadingAndItsFailure() {
    let loading = UserDetailView(
      state: UserDetail.State(
        userID: 1, user: .alice, posts: Self.posts(1...20, by: .alice), selection: 19,
        paging: Paging(nextPage: 2, loadingPage: 2)))
    assertInlineSnapshot(of: framed(loading, height: 7), as: .lines) {
      """
      |Alice Liddell  @alice                                       |
      |Curiouser and curiouser.                                    |
      |Joined 2024-01-01 · 3 posts                                 |
      |────────────────────────────────────────────────────────────|
      |  2024-01-01  Post number 2.                         0 likes|
      |› 2024-01-01  Post number 1.                         0 likes|
      |  ⠋ Loading more posts…                                     |
      """
    }
    let failed = UserDetailView(
      state: UserDetail.State(
        userID: 1, user: .alice, posts: Self.posts(1...20, by: .alice), selection: 19,
        paging: Paging(nextPage: 2, failedPage: 2), errorMessage: "Timed out."))
    assertInlineSnapshot(of: framed(failed, height: 7), as: .lines) {
      """
      |Alice Liddell  @alice                                       |
      |Curiouser and curiouser.                                    |
      |Joined 2024-01-01 · 3 posts                                 |
      |────────────────────────────────────────────────────────────|
      |› 2024-01-01  Post number 1.                         0 likes|
      |  Couldn't load posts: Timed out.                           |
      |  r retry                                                   |
      """
    }
    #expect(failed.action(for: .character("r")) == .retry)
  }

  @Test func refreshingShowsTheSpinnerInTheTitle() {
    let view = UserDetailView(
      state: UserDetail.State(
        userID: 3, user: .hana, isLoadingUser: true, paging: Paging(nextPage: nil)))
    assertInlineSnapshot(of: framed(view, height: 5), as: .lines) {
      """
      |山田 花子  @hana · ⠋ refreshing                             |
      |東京から。写真とコーヒー。                                  |
      |Joined 2024-01-03 · 0 posts                                 |
      |────────────────────────────────────────────────────────────|
      |  No posts yet.                                             |
      """
    }
  }

  @Test func stylesComeFromTheTheme() {
    let theme = Theme.monochrome
    let view = UserDetailView(
      state: UserDetail.State(
        userID: 2, user: .zoe, posts: Self.posts(1...2), selection: 0, paging: Paging(nextPage: nil)
      ))
    let lines = view.screen(in: RenderContext(width: 40, height: 8, theme: theme)).lines
    #expect(lines[0].spans.first?.style == theme.title)
    #expect(lines[3].spans.first?.style == theme.border)
    #expect(lines[4].spans.allSatisfy { $0.style.inverse })
    #expect(lines[5].spans.allSatisfy { !$0.style.inverse })
  }

  @Test func keysFollowTheSharedKeyTable() {
    let view = UserDetailView(
      state: UserDetail.State(userID: 1, user: .alice, posts: Self.posts(1...30), selection: 4))
    #expect(view.action(for: .character("j")) == .moveSelection(1))
    #expect(view.action(for: .down) == .moveSelection(1))
    #expect(view.action(for: .character("k")) == .moveSelection(-1))
    #expect(view.action(for: .up) == .moveSelection(-1))
    #expect(view.action(for: .pageDown) == .moveSelection(10))
    #expect(view.action(for: .ctrl("d")) == .moveSelection(10))
    #expect(view.action(for: .pageUp) == .moveSelection(-10))
    #expect(view.action(for: .ctrl("u")) == .moveSelection(-10))
    #expect(view.action(for: .character("g")) == .moveSelection(-4))
    #expect(view.action(for: .home) == .moveSelection(-4))
    #expect(view.action(for: .character("G")) == .moveSelection(25))
    #expect(view.action(for: .end) == .moveSelection(25))
    #expect(view.action(for: .character("r")) == .refresh)
    // Leaving and the app's own keys are the app's.
    for key in [Key.escape, .enter, .character("q"), .character("?"), .character("1"), .tab] {
      #expect(view.action(for: key) == nil)
    }
    #expect(
      view.keyHints == [
        KeyHint(keys: "j/k", label: "move"), KeyHint(keys: "r", label: "refresh"),
        KeyHint(keys: "pgdn/pgup", label: "page"), KeyHint(keys: "g/G", label: "top/bottom"),
      ])
  }
}

/// The view's screen in the monochrome theme, each line between `|` marks so widths show.
private func framed(
  _ view: UserDetailView, width: Int = 60, height: Int = 6, tick: Int = 0
) -> String {
  view.screen(in: RenderContext(width: width, height: height, theme: .monochrome, tick: tick))
    .framedText
}

import ComposableArchitecture
import FeatureKit
import InlineSnapshotTesting
import SharedModels
import SharedModelsTesting
import TerminalUI
import Testing
import UserListFeature

@Suite struct UserListViewTests {
  /// `users` as the state holds them.
  static func users(_ users: [User]) -> IdentifiedArrayOf<User> {
    IdentifiedArray(uniqueElements: users)
  }

  @Test func loadingBeforeTheFirstPageShowsTheSpinner() {
    let view = UserListView(state: UserList.State(paging: Paging(loadingPage: 1)))
    assertInlineSnapshot(of: framed(view, tick: 2), as: .lines) {
      """
      |Users                                                       |
      |  ⠹ Loading users…                                          |
      |                                                            |
      |                                                            |
      |                                                            |
      |                                                            |
      """
    }
  }

  @Test func emptyWhenTheLastPageHasNoUser() {
    let view = UserListView(state: UserList.State(paging: Paging(nextPage: nil)))
    assertInlineSnapshot(of: framed(view, height: 3), as: .lines) {
      """
      |Users                                                       |
      |  No users yet.                                             |
      |                                                            |
      """
    }
  }

  @Test func errorBeforeAnyUserWrapsTheMessageAndOffersRetry() {
    let view = UserListView(
      state: UserList.State(
        paging: Paging(failedPage: 1),
        errorMessage: "The server could not be reached. Check that it is running and try again."
      ))
    assertInlineSnapshot(of: framed(view, height: 5), as: .lines) {
      """
      |Users                                                       |
      |  Couldn't load users: The server could not be reached.     |
      |  Check that it is running and try again.                   |
      |  r retry                                                   |
      |                                                            |
      """
    }
    #expect(view.action(for: .character("r")) == .retry)
    #expect(view.keyHints == [KeyHint(keys: "r", label: "retry")])
  }

  @Test func unicodeNamesKeepTheCountsAligned() {
    let view = UserListView(
      state: UserList.State(
        users: Self.users([.alice, .zoe, .hana]), selection: 1, paging: Paging(nextPage: nil)))
    assertInlineSnapshot(of: framed(view, height: 6), as: .lines) {
      """
      |Users · 3 loaded                                            |
      |  Alice Liddell  @alice                              3 posts|
      |› Zoë Ångström  @zoe                                  1 post|
      |  山田 花子  @hana                                   0 posts|
      |  — end —                                                   |
      |                                                            |
      """
    }
  }

  @Test func narrowRowsCutTheNameNotTheCount() {
    let view = UserListView(
      state: UserList.State(
        users: Self.users([
          .hana, .fixture(id: 4, displayName: "Dr. Maximilian Alexander von Humboldt"),
        ]),
        paging: Paging(nextPage: nil)))
    assertInlineSnapshot(of: framed(view, width: 24, height: 4), as: .lines) {
      """
      |Users · 2 loaded        |
      |› 山田 花子  @…  0 posts|
      |  Dr. Maximili…  0 posts|
      |  — end —               |
      """
    }
  }

  @Test func selectionFarDownScrollsAndShowsTheNextPageLoading() {
    let view = UserListView(
      state: UserList.State(
        users: Self.users(User.fixtures(ids: 1...40)), selection: 39,
        paging: Paging(nextPage: 3, loadingPage: 3)
      ))
    assertInlineSnapshot(of: framed(view, height: 5), as: .lines) {
      """
      |Users · 40 loaded                                           |
      |  User 38  @user38                                   0 posts|
      |  User 39  @user39                                   0 posts|
      |› User 40  @user40                                   0 posts|
      |  ⠋ Loading more users…                                     |
      """
    }
  }

  @Test func aFailedNextPageShowsItsErrorAfterTheRows() {
    let view = UserListView(
      state: UserList.State(
        users: Self.users(User.fixtures(ids: 1...2)), selection: 1,
        paging: Paging(nextPage: 2, failedPage: 2),
        errorMessage: "Timed out."))
    assertInlineSnapshot(of: framed(view, height: 5), as: .lines) {
      """
      |Users · 2 loaded                                            |
      |  User 1  @user1                                     0 posts|
      |› User 2  @user2                                     0 posts|
      |  Couldn't load users: Timed out.                           |
      |  r retry                                                   |
      """
    }
    #expect(view.action(for: .character("r")) == .retry)
  }

  @Test func refreshingShowsTheSpinnerInTheTitle() {
    let view = UserListView(
      state: UserList.State(
        users: Self.users([.alice]), paging: Paging(nextPage: nil, loadingPage: 1)))
    assertInlineSnapshot(of: framed(view, height: 3), as: .lines) {
      """
      |Users · 1 loaded · ⠋ refreshing                             |
      |› Alice Liddell  @alice                              3 posts|
      |  — end —                                                   |
      """
    }
  }

  @Test func stylesComeFromTheTheme() {
    let theme = Theme.monochrome
    let view = UserListView(
      state: UserList.State(
        users: Self.users([.alice, .zoe]), selection: 1, paging: Paging(nextPage: nil)))
    let lines = view.screen(in: RenderContext(width: 40, height: 4, theme: theme)).lines
    #expect(lines[0].spans.first?.style == theme.title)
    #expect(lines[1].spans.allSatisfy { !$0.style.inverse })
    #expect(lines[2].spans.allSatisfy { $0.style.inverse })
    #expect(lines[3].spans.first { !$0.text.allSatisfy(\.isWhitespace) }?.style == theme.secondary)
    let error = UserListView(
      state: UserList.State(paging: Paging(failedPage: 1), errorMessage: "Down.")
    )
    .screen(in: RenderContext(width: 40, height: 3, theme: theme)).lines
    #expect(error[1].spans.last { !$0.text.allSatisfy(\.isWhitespace) }?.style == theme.error)
  }

  @Test func keysFollowTheSharedKeyTable() {
    let view = UserListView(
      state: UserList.State(users: Self.users(User.fixtures(ids: 1...30)), selection: 12))
    #expect(view.action(for: .character("j")) == .moveSelection(1))
    #expect(view.action(for: .down) == .moveSelection(1))
    #expect(view.action(for: .character("k")) == .moveSelection(-1))
    #expect(view.action(for: .up) == .moveSelection(-1))
    #expect(view.action(for: .pageDown) == .moveSelection(10))
    #expect(view.action(for: .ctrl("d")) == .moveSelection(10))
    #expect(view.action(for: .pageUp) == .moveSelection(-10))
    #expect(view.action(for: .ctrl("u")) == .moveSelection(-10))
    #expect(view.action(for: .character("g")) == .moveSelection(-12))
    #expect(view.action(for: .home) == .moveSelection(-12))
    #expect(view.action(for: .character("G")) == .moveSelection(17))
    #expect(view.action(for: .end) == .moveSelection(17))
    #expect(view.action(for: .enter) == .openSelected)
    #expect(view.action(for: .character("r")) == .refresh)
    // The app's own keys are left to it.
    for key in [Key.character("q"), .character("?"), .character("1"), .tab, .escape] {
      #expect(view.action(for: key) == nil)
    }
    #expect(
      view.keyHints == [
        KeyHint(keys: "j/k", label: "move"), KeyHint(keys: "enter", label: "open"),
        KeyHint(keys: "r", label: "refresh"), KeyHint(keys: "pgdn/pgup", label: "page"),
        KeyHint(keys: "g/G", label: "top/bottom"),
      ])
  }

  @Test func anEmptyListOnlyRefreshes() {
    let view = UserListView(state: UserList.State(paging: Paging(nextPage: nil)))
    #expect(view.action(for: .down) == nil)
    #expect(view.action(for: .enter) == nil)
    #expect(view.action(for: .end) == nil)
    #expect(view.action(for: .character("r")) == .refresh)
  }
}

/// The view's screen in the monochrome theme, each line between `|` marks so widths show.
private func framed(
  _ view: UserListView, width: Int = 60, height: Int = 6, tick: Int = 0
) -> String {
  view.screen(in: RenderContext(width: width, height: height, theme: .monochrome, tick: tick))
    .framedText
}

@MainActor
struct UserListLongListViewTests {
  /// 10,000 users, as many as a long session loads.
  static let manyUsers = UserListViewTests.users(User.fixtures(ids: 1...10_000))

  /// The screen's lines at 40×5.
  private func lines(_ state: UserList.State) -> [String] {
    UserListView(state: state).screen(in: RenderContext(width: 40, height: 5, theme: .monochrome))
      .lines.map(\.plainText)
  }

  @Test func aSelectionDeepInALongListShowsTheRowsAboveIt() {
    let lines = lines(UserList.State(users: Self.manyUsers, selection: 5_000))
    #expect(lines.count == 5)
    #expect(lines[0].hasPrefix("Users · 10000 loaded"))
    #expect(lines[1].hasPrefix("  User 4998  @user4998"))
    #expect(lines[2].hasPrefix("  User 4999  @user4999"))
    #expect(lines[3].hasPrefix("  User 5000  @user5000"))
    #expect(lines[4].hasPrefix("› User 5001  @user5001"))
  }

  @Test func theLastUserOfALongListShowsTheEnd() {
    let lines = lines(
      UserList.State(users: Self.manyUsers, selection: 9_999, paging: Paging(nextPage: nil)))
    #expect(lines[1].hasPrefix("  User 9998  @user9998"))
    #expect(lines[2].hasPrefix("  User 9999  @user9999"))
    #expect(lines[3].hasPrefix("› User 10000  @user10000"))
    #expect(lines[4].hasPrefix("  — end —"))
  }
}

@Suite struct UserListNotLoadedViewTests {
  private func text(_ state: UserList.State) -> String {
    UserListView(state: state).screen(in: RenderContext(width: 40, height: 4, theme: .monochrome))
      .plainText
  }

  @Test func aListNothingWasAskedForSaysRLoadsItRatherThanLoading() {
    // A state travelled back to, before the first load: nothing is loading.
    #expect(text(UserList.State()).contains("Not loaded yet: r loads the list."))
    #expect(UserListView(state: UserList.State()).action(for: .character("r")) == .refresh)
    var loading = UserList.State()
    loading.paging.loadingPage = 1
    #expect(text(loading).contains("Loading users…"))
    #expect(text(UserList.State(paging: Paging(nextPage: nil))).contains("No users yet."))
  }
}

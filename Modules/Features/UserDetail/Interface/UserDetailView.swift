import FeatureKit
import Foundation
import SharedModels
import SharedViews
import TerminalUI

/// The UserDetail feature's terminal view: the user's name and handle as the title, their bio
/// and when they joined, then their posts a row each (day, text when previews are on, likes
/// on the right), with the loading, not-found, error and end-of-list states.
///
/// ```text
/// Zoë Ångström  @zoe
/// Café owner ☕️ and night owl 🦉
/// Joined 2024-01-02 · 1 post
/// ──────────────────────────────────────────────────
/// › 2024-01-02  Café today!                   2 likes
///   — end —
/// ```
///
/// Keys: `j`/`↓` and `k`/`↑` move, `pgdn`/`ctrl-d` and `pgup`/`ctrl-u` move a page of posts,
/// `g`/`home` and `G`/`end` go to the first and the last post, `r` refreshes (or retries the
/// request that failed). Leaving the screen is the app's `esc`.
public struct UserDetailView: FeatureScreen {
  /// How many posts `pgdn` and `pgup` move the selection when the host does not say how high
  /// the screen is (else a page: ``listRows(height:)`` less one).
  public static let pageStep = 10

  /// The posts' rows on a screen `height` lines high: less the header (the name, a line of the
  /// bio when there is one, the date joined and the rule) and the selected post's preview when
  /// the screen is high enough for one.
  public func listRows(height: Int) -> Int {
    let bio = state.user.map { $0.bio.isEmpty ? 0 : 1 } ?? 0
    let preview = height >= PostPreview.minimumHeight ? PostPreview.lineCount + 1 : 0
    return height - 3 - bio - preview
  }

  /// The most lines of the bio shown; a longer bio is cut with `…`.
  public static let bioLines = 2

  /// The state drawn.
  public var state: UserDetail.State

  /// The feature's name, as the help box of the feature run alone shows it.
  public static let title = "User"

  /// Sent each time the screen is shown: loads what it has not loaded yet.
  public static var appearAction: UserDetail.Action? { .onAppear }

  /// Whether a request is in flight.
  public var isBusy: Bool { state.isLoading }

  /// A view of `state`.
  public init(state: UserDetail.State) {
    self.state = state
  }

  /// The title line, the user's details once loaded, then their posts filling the rest.
  public func render(in context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    guard let user = state.user else {
      return [StyledLine("User", style: theme.title)] + placeholder(context: context)
    }
    var title =
      StyledLine(user.displayName, style: theme.title)
      + StyledLine("  @" + user.handle, style: theme.secondary)
    if state.isLoadingUser {
      title +=
        StyledLine(" · ", style: theme.secondary)
        + loadingLine("refreshing", context: context)
    }
    var header = [title]
    header += bio(user.bio, width: context.width, theme: theme)
    let posts = CountText.of(user.postCount, "post")
    header.append(
      StyledLine("Joined \(DateText.day(user.joinedAt)) · \(posts)", style: theme.secondary))
    header.append(
      StyledLine(String(repeating: "─", count: max(context.width, 0)), style: theme.border))
    // The list's marker and its space take two columns before each row.
    let rowWidth = context.width - 2
    let list = ListView(
      rows: state.posts.map {
        PostRow($0, layout: .byAuthor(showsPreview: state.showsPostPreviews))
          .line(width: rowWidth, theme: theme)
      },
      selection: state.selection,
      emptyRows: emptyRows(width: rowWidth, context: context),
      footer: footer(width: rowWidth, context: context)
    )
    // The selected post's whole text under the list, on a screen high enough for it.
    let preview =
      context.height >= PostPreview.minimumHeight
      ? state.selectedPost.map { PostPreview($0).lines(width: context.width, theme: theme) } ?? []
      : []
    let listHeight = context.height - header.count - preview.count
    return header + list.lines(width: context.width, height: listHeight, theme: theme) + preview
  }

  /// Moving keys while there are posts, and `r`.
  public var keyBindings: [KeyBinding<UserDetail.Action>] {
    var bindings: [KeyBinding<UserDetail.Action>] = []
    if !state.posts.isEmpty {
      bindings.append(.listMove(UserDetail.Action.moveSelection))
    }
    bindings.append(
      state.failedRequest == nil
        ? KeyBinding(.character("r"), label: "refresh", action: .refresh)
        : KeyBinding(.character("r"), label: "retry", action: .retry))
    if !state.posts.isEmpty {
      bindings += KeyBinding.listJumps(
        selection: state.selection, count: state.posts.count, pageStep: Self.pageStep,
        listRows: listRows(height:), UserDetail.Action.moveSelection)
    }
    return bindings
  }

  /// What shows instead of the user before they are loaded: loading, not found or the error.
  private func placeholder(context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    if state.isNotFound {
      return [StyledLine("There is no user with id \(state.userID).", style: theme.secondary)]
    }
    if let message = state.errorMessage {
      return errorLines(message, width: context.width, theme: theme)
    }
    // Not loaded yet counts as loading: the screen sends `onAppear` as it is shown.
    return [loadingLine("Loading user…", context: context)]
  }

  /// The bio wrapped to `width`, at most ``bioLines`` lines (none for an empty bio).
  private func bio(_ bio: String, width: Int, theme: Theme) -> [StyledLine] {
    var lines = WordWrap.styledLines(of: bio, width: width, style: theme.text)
    if lines.count == 1 && lines[0].isEmpty { return [] }
    if lines.count > Self.bioLines {
      lines = Array(lines.prefix(Self.bioLines))
      lines[lines.count - 1] = (lines[lines.count - 1] + StyledLine(" …", style: theme.text))
        .truncated(to: width)
    }
    return lines
  }

  /// What shows while the user has no post: loading, the error, or that there is none.
  private func emptyRows(width: Int, context: RenderContext) -> [StyledLine] {
    if let message = state.errorMessage {
      return errorLines(message, width: width, theme: context.theme)
    }
    if state.isAtEnd {
      return [StyledLine("No posts yet.", style: context.theme.secondary)]
    }
    return [loadingLine("Loading posts…", context: context)]
  }

  /// What follows the last post: the next page loading, its error, or the end of the list.
  private func footer(width: Int, context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    if let message = state.errorMessage {
      return errorLines(message, width: width, theme: theme)
    }
    if state.paging.isLoading {
      return [loadingLine("Loading more posts…", context: context)]
    }
    if state.isAtEnd {
      return [StyledLine("— end —", style: theme.secondary)]
    }
    return []
  }

  /// What failed and `message`, wrapped to `width` in the error style, then the retry hint.
  private func errorLines(_ message: String, width: Int, theme: Theme) -> [StyledLine] {
    let failed = state.failedRequest == .user ? "the user" : "posts"
    return WordWrap.styledLines(
      of: "Couldn't load \(failed): \(message)", width: width, style: theme.error)
      + [StyledLine("r", style: theme.accent) + StyledLine(" retry", style: theme.secondary)]
  }

  /// The spinner at the context's tick, then `text`.
  private func loadingLine(_ text: String, context: RenderContext) -> StyledLine {
    StyledLine(Spinner.dots.frame(at: context.tick), style: context.theme.accent)
      + StyledLine(" " + text, style: context.theme.secondary)
  }
}

import ComposableArchitecture
import FeatureKit
import Foundation
import SharedModels
import SharedViews
import TerminalUI

/// The feed in the terminal: a title with the number of posts, then one row per post (author,
/// the start of its text when ``Home/State/showsPostPreviews`` is on, and its date), with the
/// loading, empty, error and end-of-feed states, and the load-failure alert laid over it.
///
/// Keys: `j`/`↓` and `k`/`↑` move, `pgdn`/`ctrl-d` and `pgup`/`ctrl-u` move by a page,
/// `g`/`home` and `G`/`end` go to the top and bottom, `enter` opens the selected post's
/// author, `r` refreshes (or retries the failed page). While the alert is shown, `←`/`→`,
/// `h`/`l` and `tab` select a button, `enter` chooses it and `esc` dismisses the alert.
public struct HomeView: FeatureScreen {
  /// The state drawn.
  public var state: Home.State

  /// How many rows `pgdn` and `pgup` move when the host does not say how high the screen is
  /// (else a page: ``listRows(height:)`` less one).
  public static let pageStep = 10

  /// The feed's rows on a screen `height` lines high: less the title, and the selected post's
  /// preview when the screen is high enough for one.
  public static func listRows(height: Int) -> Int {
    height - 1 - (height >= PostPreview.minimumHeight ? PostPreview.lineCount + 1 : 0)
  }

  /// The feature's name, as its tab and help box show it.
  public static let title = "Home"

  /// Sent each time the screen is shown: loads what it has not loaded yet.
  public static var appearAction: Home.Action? { .onAppear }

  /// Whether a request is in flight.
  public var isBusy: Bool { state.isLoading }

  /// Whether the load-failure alert is shown.
  public var isModal: Bool { state.alert != nil }

  /// A view of `state`.
  public init(state: Home.State) {
    self.state = state
  }

  /// The title line, the feed, and the alert over them when one is shown.
  public func render(in context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    let width = context.width
    let list = ListView(
      rows: postRows(width: width - 2, theme: theme),
      selection: state.selection,
      emptyRows: emptyRows(context),
      footer: footer(context)
    )
    let screen = Screen(
      width: width, height: context.height, header: [title(context)],
      footer: preview(context)
    ) {
      list.lines(width: width, height: $0, theme: theme)
    }
    guard let alert = state.alert else { return screen.lines }
    return screen.overlaying(ModalBox(alert, selection: state.alertSelection), theme: theme).lines
  }

  /// The alert's keys while it is shown, the feed's otherwise.
  public var keyBindings: [KeyBinding<Home.Action>] {
    if let alert = state.alert {
      return ModalBox.keyBindings(
        buttons: alert.buttons, layout: .row, selection: state.alertSelection,
        select: Home.Action.alertSelectionChanged,
        choose: { $0.map { .alert(.presented($0)) } ?? .alert(.dismiss) },
        dismiss: .alert(.dismiss))
    }
    var bindings: [KeyBinding<Home.Action>] = []
    if state.selectedPost != nil {
      bindings += [
        .listMove(Home.Action.moveSelection),
        KeyBinding(.enter, label: "open", action: .openSelected),
      ]
    }
    bindings.append(
      state.paging.failedPage != nil
        ? KeyBinding(.character("r"), label: "retry", action: .retry)
        : KeyBinding(.character("r"), label: "refresh", action: .refresh))
    if !state.posts.isEmpty {
      bindings += KeyBinding.listJumps(
        selection: state.selection, count: state.posts.count, pageStep: Self.pageStep,
        listRows: Self.listRows(height:), Home.Action.moveSelection)
    }
    return bindings
  }

  /// The selected post's whole text, on a screen high enough for it (see ``PostPreview``).
  private func preview(_ context: RenderContext) -> [StyledLine] {
    guard context.height >= PostPreview.minimumHeight, let post = state.selectedPost else {
      return []
    }
    return PostPreview(post).lines(width: context.width, theme: context.theme)
  }

  private func title(_ context: RenderContext) -> StyledLine {
    let theme = context.theme
    var line = StyledLine("Home", style: theme.title)
    if !state.posts.isEmpty {
      line.append(" · " + CountText.of(state.posts.count, "post"), style: theme.secondary)
    }
    if state.isLoading && !state.posts.isEmpty && state.paging.loadingPage == 1 {
      line.append(" · \(Spinner.dots.frame(at: context.tick)) refreshing", style: theme.secondary)
    }
    return line
  }

  private func postRows(width: Int, theme: Theme) -> [StyledLine] {
    let widestName = state.posts.map(\.authorDisplayName.displayWidth).max() ?? 0
    let nameWidth = min(widestName, max(width / 3, 6))
    let layout = PostRow.Layout.feed(nameWidth: nameWidth, showsPreview: state.showsPostPreviews)
    return state.posts.map { PostRow($0, layout: layout).line(width: width, theme: theme) }
  }

  private func emptyRows(_ context: RenderContext) -> [StyledLine] {
    let (theme, tick) = (context.theme, context.tick)
    if state.isLoading {
      return [StyledLine("\(Spinner.dots.frame(at: tick)) Loading posts…", style: theme.secondary)]
    }
    if let message = state.errorMessage {
      return errorRows(message, context: context)
    }
    // Nothing asked for yet (a state travelled back to, before the first load).
    guard state.paging.isAtEnd else {
      return [StyledLine("Not loaded yet: r loads the feed.", style: theme.secondary)]
    }
    return [StyledLine("No posts yet.", style: theme.secondary)]
  }

  private func footer(_ context: RenderContext) -> [StyledLine] {
    let (theme, tick) = (context.theme, context.tick)
    if let page = state.paging.loadingPage, page > 1 {
      return [
        StyledLine("\(Spinner.dots.frame(at: tick)) Loading more posts…", style: theme.secondary)
      ]
    }
    if let message = state.errorMessage {
      return errorRows(message, context: context)
    }
    if state.paging.isAtEnd {
      return [StyledLine("— end —", style: theme.secondary)]
    }
    return []
  }

  /// The error, wrapped to the list's rows (after the selection marker's gutter), and the key
  /// that retries.
  private func errorRows(_ message: String, context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    return WordWrap.styledLines(
      of: "Couldn't load the feed: \(message)", width: context.width - 2, style: theme.error)
      + [StyledLine("r retry", style: theme.secondary)]
  }
}

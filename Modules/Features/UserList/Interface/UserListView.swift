import FeatureKit
import SharedModels
import SharedViews
import TerminalUI

/// The UserList feature's terminal view: a title line with how many users are loaded, then
/// the users a row each (display name, `@handle`, post count on the right), with the loading,
/// empty, error and end-of-list states.
///
/// ```text
/// Users · 45 loaded
/// › Alice Liddell  @alice                         3 posts
///   Zoë Ångström  @zoe                             1 post
///   — end —
/// ```
///
/// Keys: `j`/`↓` and `k`/`↑` move, `pgdn`/`ctrl-d` and `pgup`/`ctrl-u` move 10 rows,
/// `g`/`home` and `G`/`end` go to the top and the bottom, `enter` opens the selected user, `r`
/// refreshes (or retries when a load failed).
public struct UserListView: FeatureScreen {
  /// How many rows `pgdn` and `pgup` move the selection.
  public static let pageStep = 10

  /// The state drawn.
  public var state: UserList.State

  /// The feature's name, as its tab and help box show it.
  public static let title = "Users"

  /// Sent each time the screen is shown: loads what it has not loaded yet.
  public static var appearAction: UserList.Action? { .onAppear }

  /// Whether a request is in flight.
  public var isBusy: Bool { state.isLoading }

  /// A view of `state`.
  public init(state: UserList.State) {
    self.state = state
  }

  /// The title line, then the list filling the rest of the context's height.
  public func render(in context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    var title = StyledLine("Users", style: theme.title)
    if !state.users.isEmpty {
      title.append(" · \(state.users.count) loaded", style: theme.secondary)
      if state.paging.loadingPage == 1 {
        title +=
          StyledLine(" · ", style: theme.secondary)
          + loadingLine("refreshing", context: context)
      }
    }
    // The list's marker and its space take two columns before each row.
    let rowWidth = context.width - 2
    let height = context.height - 1
    let footer = footer(width: rowWidth, context: context)
    // Only the visible rows are made, so a frame costs the same with 20 users or 10,000.
    let count = state.users.count
    let top = ListView.firstVisibleRow(
      rowCount: count, footerCount: footer.count, selection: state.selection,
      height: height)
    let end = min(count, top + max(height, 0))
    let list = ListView(
      rows: state.users[top..<end].map { UserRow($0).line(width: rowWidth, theme: theme) },
      selection: state.selection - top,
      emptyRows: emptyRows(width: rowWidth, context: context),
      footer: end == count ? footer : []
    )
    return [title] + list.lines(width: context.width, height: height, theme: theme)
  }

  /// Moving keys while there are rows, `enter` on a selected user, and `r`.
  public var keyBindings: [KeyBinding<UserList.Action>] {
    var bindings: [KeyBinding<UserList.Action>] = []
    if !state.users.isEmpty {
      bindings.append(.listMove(UserList.Action.moveSelection))
    }
    if state.selectedUser != nil {
      bindings.append(KeyBinding(.enter, label: "open", action: .openSelected))
    }
    bindings.append(
      state.errorMessage == nil
        ? KeyBinding(.character("r"), label: "refresh", action: .refresh)
        : KeyBinding(.character("r"), label: "retry", action: .retry))
    if !state.users.isEmpty {
      bindings += KeyBinding.listJumps(
        selection: state.selection, count: state.users.count, pageStep: Self.pageStep,
        listRows: { $0 - 1 }, UserList.Action.moveSelection)
    }
    return bindings
  }

  /// What shows while there is no user: loading, the error, or that there is nobody.
  private func emptyRows(width: Int, context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    if let message = state.errorMessage {
      return errorLines(message, width: width, theme: theme)
    }
    if state.isAtEnd {
      return [StyledLine("No users yet.", style: theme.secondary)]
    }
    // Nothing asked for yet (a state travelled back to, before the first load).
    guard state.paging.isLoading else {
      return [StyledLine("Not loaded yet: r loads the list.", style: theme.secondary)]
    }
    return [loadingLine("Loading users…", context: context)]
  }

  /// What follows the last user: the next page loading, its error, or the end of the list.
  private func footer(width: Int, context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    if let message = state.errorMessage {
      return errorLines(message, width: width, theme: theme)
    }
    // Page 1 loading over loaded rows is a refresh, shown in the title.
    if let page = state.paging.loadingPage, page > 1 {
      return [loadingLine("Loading more users…", context: context)]
    }
    if state.isAtEnd {
      return [StyledLine("— end —", style: theme.secondary)]
    }
    return []
  }

  /// "Couldn't load users: <message>" wrapped to `width`, then the retry hint.
  private func errorLines(_ message: String, width: Int, theme: Theme) -> [StyledLine] {
    WordWrap.styledLines(
      of: "Couldn't load users: \(message)", width: width, style: theme.error)
      + [StyledLine("r", style: theme.accent) + StyledLine(" retry", style: theme.secondary)]
  }

  /// The spinner at the context's tick, then `text`.
  private func loadingLine(_ text: String, context: RenderContext) -> StyledLine {
    StyledLine(Spinner.dots.frame(at: context.tick), style: context.theme.accent)
      + StyledLine(" " + text, style: context.theme.secondary)
  }
}

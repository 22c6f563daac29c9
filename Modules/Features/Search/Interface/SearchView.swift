import Foundation
import SharedModels
import SharedViews
import TerminalUI

/// The Search feature's terminal view: the query field on the first line, a line saying what
/// the search is doing, then the matching users and posts in two sections.
///
/// ```text
/// Search › zoe█
/// 1 user · 1 post for “zoe”
///   Users
/// › Zoë Ångström  @zoe                              1 post
///   Posts
///   Zoë Ångström · 2024-01-02 · Café today!
///   — end —
/// ```
///
/// While the field has the focus, printable characters type into the query at the cursor (so
/// letters are not shortcuts), `←`/`→` (and `ctrl-a`/`ctrl-e`) move the cursor and `backspace`
/// and `delete` remove around it; `↓`/`↑` move through both sections,
/// `pgdn` and `pgup` move a page (and, out of the field, `ctrl-d`/`ctrl-u`), `home`/`end` go to the first and the last
/// row, `enter` opens the selected user or the selected post's author, and `esc` leaves the
/// field for the results. There, `j`/`k` move too, `g`/`G` jump, `/` goes back to the field,
/// and `q` quits as on every other screen. `ctrl-r` retries a failed search.
public struct SearchView: FeatureScreen {
  /// How many rows `pgdn` and `pgup` move the selection when the host does not say how high
  /// the screen is (else a page: ``listRows(height:)`` less one).
  public static let pageStep = 10

  /// The results' rows on a screen `height` lines high: less the field, the summary and the
  /// two sections' headings.
  public static func listRows(height: Int) -> Int {
    height - 4
  }

  /// The state drawn.
  public var state: Search.State

  /// The feature's name, as its tab and help box show it.
  public static let title = "Search"

  /// Sent each time the screen is shown: loads what it has not loaded yet.
  public static var appearAction: Search.Action? { .onAppear }

  /// Whether a request is in flight.
  public var isBusy: Bool { state.isSearching }

  /// A view of `state`.
  public init(state: Search.State) {
    self.state = state
  }

  /// The query field, the search's status, then the two sections filling the rest.
  public func render(in context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    let field = TextField(
      text: state.query,
      cursor: state.queryCursor,
      placeholder: "users and posts",
      prompt: StyledLine("Search", style: theme.title) + StyledLine(" › ", style: theme.secondary),
      isFocused: context.isFocused && state.isEditingQuery
    )
    // The list's marker and its space take two columns before each row.
    let rowWidth = context.width - 2
    var rows: [StyledLine] = []
    var selectedRow = state.selection
    if !state.users.isEmpty {
      rows.append(StyledLine("Users", style: theme.title))
      rows += state.users.map { UserRow($0.item).line(width: rowWidth, theme: theme) }
      selectedRow += 1
    }
    if !state.posts.isEmpty {
      if state.selection >= state.users.count { selectedRow += 1 }
      rows.append(StyledLine("Posts", style: theme.title))
      rows += state.posts.map {
        PostRow($0.item, layout: .search).line(width: rowWidth, theme: theme)
      }
    }
    let list = ListView(
      rows: rows,
      selection: selectedRow,
      emptyRows: emptyRows(theme: theme),
      footer: [footer(theme: theme)]
    )
    let header = [field.line(width: context.width, theme: theme)] + status(context: context)
    return header
      + list.lines(width: context.width, height: context.height - header.count, theme: theme)
  }

  /// While the field is being edited: the arrows move and `enter` opens (letters type), the
  /// query's editing keys, and `esc` leaves the field. Otherwise the results list's keys (vim
  /// keys too) and `/` to go back to the field; `q` is left to the host, which quits. `ctrl-r`
  /// retries a failed search either way.
  public var keyBindings: [KeyBinding<Search.Action>] {
    var bindings: [KeyBinding<Search.Action>] = []
    let count = state.rowCount
    if count > 0 {
      bindings.append(
        state.isEditingQuery
          ? KeyBinding([.down, .up], label: "move", keysLabel: "↓/↑") { key in
            .moveSelection(key == .down ? 1 : -1)
          }
          : .listMove { .moveSelection($0) })
    }
    // With results for an earlier query, `enter` searches at once and opens the first result.
    if state.selectedUser != nil || state.selectedPost != nil || !state.resultsAreCurrent {
      bindings.append(KeyBinding(.enter, label: "open", action: .openSelected))
    }
    if state.errorMessage != nil {
      bindings.append(KeyBinding(.ctrl("r"), label: "retry", action: .retry))
    }
    guard state.isEditingQuery else {
      if count > 0 {
        bindings += KeyBinding.listJumps(
          selection: state.selection, count: count, pageStep: Self.pageStep,
          listRows: Self.listRows(height:)
        ) { .moveSelection($0) }
      }
      bindings.append(KeyBinding(.character("/"), label: "search", action: .queryFieldFocused))
      return bindings
    }
    if count > 0 {
      let step = Self.pageStep
      let selection = state.selection
      bindings += [
        // Not `ctrl-d`/`ctrl-u`, which edit the query here, as in a shell.
        KeyBinding<Search.Action>(
          [.pageDown, .pageUp], label: "page", keysLabel: "pgdn/pgup",
          actionInHeight: { (key: Key, height: Int?) -> Search.Action? in
            let rows: (Int) -> Int = Self.listRows(height:)
            let page: Int =
              KeyBinding<Search.Action>.pageSize(height: height, listRows: rows) ?? step
            return .moveSelection(key == .pageDown ? page : -page)
          }),
        KeyBinding([.home, .end], label: "first/last", keysLabel: "home/end") { key in
          .moveSelection(key == .home ? -selection : count - 1 - selection)
        },
      ]
    }
    bindings.append(
      KeyBinding(.escape, label: "results", keysLabel: "esc", action: .queryFieldLeft))
    let input = TextInput(text: state.query, cursor: state.queryCursor)
    bindings.append(
      .textEditing(input, label: "search") { edited in
        edited.cursor == edited.text.count
          ? .queryChanged(edited.text) : .queryEdited(edited.text, cursor: edited.cursor)
      })
    return bindings
  }

  /// The lines under the field: a hint, the search in progress, its error (wrapped, with the
  /// retry key), or what it found.
  private func status(context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    if state.trimmedQuery.isEmpty {
      return [StyledLine("Type to search users and posts.", style: theme.secondary)]
    }
    if state.isSearching {
      return [
        StyledLine(Spinner.dots.frame(at: context.tick), style: theme.accent)
          + StyledLine(" Searching for “\(state.trimmedQuery)”…", style: theme.secondary)
      ]
    }
    if let message = state.errorMessage {
      var lines = WordWrap.styledLines(
        of: "Couldn't search: \(message)", width: context.width, style: theme.error)
      let retry =
        StyledLine("ctrl-r", style: theme.accent)
        + StyledLine(" retry", style: theme.secondary)
      if let last = lines.last, last.width + 2 + retry.width <= context.width {
        lines[lines.count - 1] = last + StyledLine("  ") + retry
      } else {
        lines.append(retry)
      }
      return lines
    }
    guard let query = state.resultsQuery else { return [] }
    let users = count(state.users.count, "user")
    let posts = count(state.posts.count, "post")
    return [StyledLine("\(users) · \(posts) for “\(query)”", style: theme.secondary)]
  }

  /// `count` results of a section: "top 10 users" when the section is full (more may match,
  /// and only the best ``Search/State/limit`` come back), else "3 users".
  private func count(_ count: Int, _ noun: String) -> String {
    count >= state.limit ? "top \(CountText.of(count, noun))" : CountText.of(count, noun)
  }

  /// The line under the results: "— end —", or, when a section is full, that only the best
  /// matches are shown.
  private func footer(theme: Theme) -> StyledLine {
    guard state.users.count >= state.limit || state.posts.count >= state.limit else {
      return StyledLine("— end —", style: theme.secondary)
    }
    return StyledLine(
      "— the best \(state.limit) of each; type more to narrow the search —",
      style: theme.secondary)
  }

  /// What shows when there is no result: that nothing matched, once a search answered.
  private func emptyRows(theme: Theme) -> [StyledLine] {
    guard let query = state.resultsQuery, !state.isSearching, state.errorMessage == nil else {
      return []
    }
    return [StyledLine("No users or posts match “\(query)”.", style: theme.secondary)]
  }
}

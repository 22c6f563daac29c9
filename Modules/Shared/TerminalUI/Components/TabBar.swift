/// A row of tabs with the selected one highlighted.
///
/// The selected title is drawn in brackets and ``Theme/selectedTab``, the others in spaces and
/// ``Theme/tab``, so every tab keeps its place whichever is selected and the selection shows
/// without colour too: `[Home]  Search   Profile `.
public struct TabBar: Hashable, Sendable {
  /// The tab titles, left to right.
  public var titles: [String]
  /// The index of the selected tab.
  public var selection: Int

  /// A bar of `titles` with the tab at `selection` selected.
  public init(titles: [String], selection: Int) {
    self.titles = titles
    self.selection = selection
  }

  /// The bar as one line of exactly `width` columns. A bar wider than that starts at a later
  /// tab, after `…`, when the selected one would otherwise be cut off.
  public func line(width: Int, theme: Theme) -> StyledLine {
    let tabs = titles.indices.map { index in
      var tab = StyledLine.empty
      if index > 0 { tab.append(" ", style: theme.tab) }
      if index == selection {
        tab.append("[" + titles[index] + "]", style: theme.selectedTab)
      } else {
        tab.append(" " + titles[index] + " ", style: theme.tab)
      }
      return tab
    }
    // The first tab shown: the earliest from which the selected one still fits (after `…`).
    var first = 0
    if titles.indices.contains(selection) {
      func widthShown(from start: Int) -> Int {
        (start > 0 ? 1 : 0) + tabs[start...selection].reduce(0) { $0 + $1.width }
      }
      while first < selection && widthShown(from: first) > width { first += 1 }
    }
    var line = first > 0 ? StyledLine("…", style: theme.tab) : StyledLine.empty
    for tab in tabs[first...] { line += tab }
    return line.fitted(to: width)
  }
}

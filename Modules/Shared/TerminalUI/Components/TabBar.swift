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

  /// The bar as one line of exactly `width` columns.
  public func line(width: Int, theme: Theme) -> StyledLine {
    var line = StyledLine.empty
    for (index, title) in titles.enumerated() {
      if index > 0 { line.append(" ", style: theme.tab) }
      if index == selection {
        line.append("[" + title + "]", style: theme.selectedTab)
      } else {
        line.append(" " + title + " ", style: theme.tab)
      }
    }
    return line.fitted(to: width)
  }
}

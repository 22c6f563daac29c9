/// A vertical list with a selected row and a scroll window that keeps the selection visible.
///
/// The rows are the caller's (already styled), so a feature decides what an item looks like.
/// The list adds the selection marker and highlight, fills the window, and shows the caller's
/// `emptyRows` when there is no item and its `footer` rows (such as "loading more…" or an error)
/// after the last item.
///
/// ```swift
/// let list = ListView(
///   rows: state.users.map { StyledLine($0.name) },
///   selection: state.selectedIndex,
///   footer: state.isLoadingPage ? [StyledLine("loading more…", style: theme.secondary)] : []
/// )
/// let lines = list.lines(width: 40, height: 10, theme: theme)
/// ```
public struct ListView: Hashable, Sendable {
  /// The item rows, top to bottom.
  public var rows: [StyledLine]
  /// The index of the selected row, if any (clamped to the rows when drawn).
  public var selection: Int?
  /// The rows shown instead of the items (and the footer) when there is no item.
  public var emptyRows: [StyledLine]
  /// Rows shown after the last item, scrolled with the items ("loading more…", an error).
  public var footer: [StyledLine]
  /// The first visible row the caller last showed, if it keeps it: scrolling then moves the
  /// window as little as possible. Without it the window starts as high as it can while still
  /// showing the selection.
  public var scrollOffset: Int?
  /// The marker drawn before the selected row; other rows get as many spaces. Empty for none.
  public var marker: String

  /// A list of `rows` with `selection` highlighted.
  public init(
    rows: [StyledLine],
    selection: Int? = nil,
    emptyRows: [StyledLine] = [],
    footer: [StyledLine] = [],
    scrollOffset: Int? = nil,
    marker: String = "›"
  ) {
    self.rows = rows
    self.selection = selection
    self.emptyRows = emptyRows
    self.footer = footer
    self.scrollOffset = scrollOffset
    self.marker = marker
  }

  /// The index of the first visible row (items and footer counted together) for a window of
  /// `height` rows: the selection is always inside the window, and when the last item is
  /// selected the footer is shown as far as it fits.
  public func firstVisibleRow(height: Int) -> Int {
    Self.firstVisibleRow(
      rowCount: rows.count, footerCount: footer.count, selection: selection,
      scrollOffset: scrollOffset, height: height)
  }

  /// ``firstVisibleRow(height:)`` of a list of `rowCount` items and `footerCount` footer rows,
  /// known before the rows are made: a view of a long list makes only the visible rows (those
  /// from this index, at most `height` of them) and shows them as a list of their own, with
  /// the selection counted from the first and the footer only when the last item is among them.
  public static func firstVisibleRow(
    rowCount: Int, footerCount: Int, selection: Int?, scrollOffset: Int? = nil, height: Int
  ) -> Int {
    let total = rowCount + footerCount
    guard height > 0, total > height else { return 0 }
    let maximum = total - height
    var top = min(max(scrollOffset ?? 0, 0), maximum)
    guard let selection, rowCount > 0 else { return top }
    let selected = min(max(selection, 0), rowCount - 1)
    // The last item pulls the footer into view with it.
    let lastNeeded = selected == rowCount - 1 ? min(total - 1, selected + footerCount) : selected
    if lastNeeded >= top + height { top = lastNeeded - height + 1 }
    if selected < top { top = selected }
    return min(max(top, 0), maximum)
  }

  /// Exactly `height` lines of `width` columns: the visible window of the list.
  public func lines(width: Int, height: Int, theme: Theme) -> [StyledLine] {
    guard height > 0 else { return [] }
    let markerWidth = marker.displayWidth
    let gutter = markerWidth > 0 ? markerWidth + 1 : 0
    let blankGutter = StyledLine(String(repeating: " ", count: gutter))
    var lines: [StyledLine] = []
    if rows.isEmpty {
      lines = emptyRows.prefix(height).map { (blankGutter + $0).fitted(to: width) }
    } else {
      let top = firstVisibleRow(height: height)
      let content = rows + footer
      let selected = clampedSelection
      for index in top..<min(content.count, top + height) {
        if index == selected {
          let mark = gutter > 0 ? StyledLine(marker + " ") : .empty
          lines.append((mark + content[index]).fitted(to: width).applying(theme.selection))
        } else {
          lines.append((blankGutter + content[index]).fitted(to: width))
        }
      }
    }
    let blank = StyledLine(String(repeating: " ", count: max(width, 0)))
    while lines.count < height { lines.append(blank) }
    return lines
  }

  private var clampedSelection: Int? {
    guard let selection, !rows.isEmpty else { return nil }
    return min(max(selection, 0), rows.count - 1)
  }
}

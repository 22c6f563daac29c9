import IdentifiedCollections
import SharedModels

/// How a feature loads a list a page at a time: the rules every paged list's reducer applies
/// (Home's feed, the users list, a user's posts), written once.
public enum Paging {
  /// How close to the last row (in rows) the selection comes before the next page loads.
  public static let prefetchDistance = 5

  /// Whether the selected row is within ``prefetchDistance`` rows of the last of `count` rows
  /// (always, with no rows), so that the next page should load.
  public static func isNearTheEnd(selection: Int, count: Int) -> Bool {
    selection >= count - Self.prefetchDistance
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Adds a page that arrived: page 1 replaces the rows (keeping the first of an id that
  /// repeats), a later page appends its rows (skipping ids already here, as a page cut from a
  /// list that changed meanwhile may repeat some). Returns the page to load next, `nil` after
  /// the last one.
  public mutating func merge(_ page: Page<Element>) -> Int? {
    if page.page == 1 {
      self = IdentifiedArray(page.items, uniquingIDsWith: { first, _ in first })
    } else {
      self.append(contentsOf: page.items)
    }
    // A page claiming more after `Int.max` (a server's bad answer) ends the list.
    let (next, overflow) = page.page.addingReportingOverflow(1)
    return page.hasMore && !overflow ? next : nil
  }
}

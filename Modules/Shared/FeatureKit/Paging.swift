import IdentifiedCollections
import SharedModels

/// Where a list loaded a page at a time stands, and the rules every paged list's reducer applies
/// (Home's feed, the users list, a user's posts), written once.
///
/// A feature keeps one `Paging` beside its rows. ``startLoading(_:pageSize:)`` marks a page as
/// awaited and gives the limit to ask for, ``receive(_:into:)`` adds the awaited page to the rows
/// (and drops any other), ``fail()`` records that the awaited page failed, and
/// ``wantsNextPage(selection:count:)`` and ``needsFirstPage(pageSize:)`` say when to load.
/// ``move(_:by:count:)`` moves the selection, and keeps the part of a move down past the last
/// row while another page is to come, which ``finishMove(_:count:)`` completes as pages arrive:
/// a `j` pressed on the last loaded row is not lost, and a page key in a window taller than a
/// page of rows moves as far as it says.
public struct Paging: Equatable, Sendable {
  /// How close to the last row (in rows) the selection comes before the next page loads.
  public static let prefetchDistance = 5

  /// The page to load next, or `nil` once the last page is loaded.
  public var nextPage: Int?
  /// The page awaited, or `nil` when no load is in flight.
  public var loadingPage: Int?
  /// The page whose load failed last, which a retry loads again; `nil` once a load starts.
  public var failedPage: Int?
  /// The page size the loaded pages were cut with (page 1's limit), or `nil` before page 1
  /// arrives. Later pages are asked with it, so that a new page size skips or repeats no row;
  /// the next page 1 adopts the new size.
  public var limit: Int?
  /// Rows a move down asked for past the last loaded row while another page was to come; the
  /// selection moves on by them as pages arrive (``finishMove(_:count:)``). At most
  /// ``maximumPendingMove``, so that no move loads the whole list.
  public var pendingMove: Int
  /// Whether the rows may be out of date (something they show changed elsewhere, such as the
  /// person's own name): ``needsFirstPage(pageSize:)`` then holds, so the list reloads when it
  /// is next shown. Page 1 arriving clears it.
  public var isStale: Bool

  /// Creates the paging state; by default nothing is loaded yet and page 1 is next.
  public init(
    nextPage: Int? = 1,
    loadingPage: Int? = nil,
    failedPage: Int? = nil,
    limit: Int? = nil,
    pendingMove: Int = 0,
    isStale: Bool = false
  ) {
    self.nextPage = nextPage
    self.loadingPage = loadingPage
    self.failedPage = failedPage
    self.limit = limit
    self.pendingMove = pendingMove
    self.isStale = isStale
  }

  /// The most rows ``pendingMove`` keeps: more than a window shows, and ten pages of 50.
  public static let maximumPendingMove = 500

  /// Whether a page load is in flight.
  public var isLoading: Bool { loadingPage != nil }

  /// Whether every page is loaded.
  public var isAtEnd: Bool { nextPage == nil }

  /// Marks `page` as the page awaited (in place of any other) and forgets a failure. Returns the
  /// limit to ask for: `pageSize` for page 1, else the size the loaded pages were cut with.
  public mutating func startLoading(_ page: Int, pageSize: Int) -> Int {
    loadingPage = page
    failedPage = nil
    if page == 1 { pendingMove = 0 }
    return page == 1 ? pageSize : limit ?? pageSize
  }

  /// Adds `page` to `rows` if it is the page awaited (see `IdentifiedArray.merge(_:)`): the
  /// load is over, page 1 sets ``limit``, and ``nextPage`` follows the page. Returns `false`,
  /// changing nothing, for any other page (one that arrives after the list stopped waiting for
  /// it).
  public mutating func receive<Row>(
    _ page: Page<Row>, into rows: inout IdentifiedArrayOf<Row>
  ) -> Bool {
    guard page.page == loadingPage else { return false }
    loadingPage = nil
    if page.page == 1 { (limit, pendingMove, isStale) = (page.limit, 0, false) }
    nextPage = rows.merge(page)
    return true
  }

  /// Records that the page awaited failed: it becomes ``failedPage`` and the load is over.
  /// Returns that page, or `nil`, changing nothing, when no page was awaited (a late failure,
  /// to ignore).
  @discardableResult
  public mutating func fail() -> Int? {
    guard let page = loadingPage else { return nil }
    loadingPage = nil
    failedPage = page
    pendingMove = 0
    return page
  }

  /// `selection` moved by `offset` rows among `count` loaded rows (``ListSelection``'s rule).
  /// The part of a move down past the last row is kept in ``pendingMove`` while a next page is
  /// to come; any other move forgets it.
  public mutating func move(_ selection: Int, by offset: Int, count: Int) -> Int {
    let moved = ListSelection.moved(selection, by: offset, count: count)
    guard offset > 0, count > 0, nextPage != nil, failedPage == nil else {
      pendingMove = 0
      return moved
    }
    // What the move did not cover; `offset` can be as large as `Int.max`.
    let cap = Self.maximumPendingMove
    let overshoot = min(offset - (moved - selection), cap)
    pendingMove = min(pendingMove + overshoot, cap)
    return moved
  }

  /// `selection` after a page arrived: moved on by ``pendingMove`` and kept among the `count`
  /// rows now loaded. What the rows did not cover stays pending while another page is to come
  /// (the feature then loads it: ``wantsNextPage(selection:count:)`` holds), and is forgotten
  /// at the end of the list.
  public mutating func finishMove(_ selection: Int, count: Int) -> Int {
    let moved = ListSelection.moved(selection, by: pendingMove, count: count)
    // A selection past fewer rows (a shorter page 1) is clamped back: that is no progress.
    let left = pendingMove - max(moved - selection, 0)
    pendingMove = pendingMove > 0 && left > 0 && nextPage != nil && count > 0 ? left : 0
    return moved
  }

  /// Whether the next page should load now that the selection is at `selection` among `count`
  /// rows: there is a next page, no load is in flight or failed, there are rows, and the
  /// selection is within ``prefetchDistance`` rows of the last one.
  public func wantsNextPage(selection: Int, count: Int) -> Bool {
    nextPage != nil && loadingPage == nil && failedPage == nil && count > 0
      && selection >= count - Self.prefetchDistance
  }

  /// Whether the list should load page 1 as it is shown: no load is in flight, and either
  /// nothing is loaded yet, the loaded pages were cut at another page size than `pageSize`, or
  /// the rows are ``isStale``.
  public func needsFirstPage(pageSize: Int) -> Bool {
    guard loadingPage == nil else { return false }
    guard let limit else { return nextPage == 1 }
    return limit != pageSize || isStale
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

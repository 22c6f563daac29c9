/// One page of a longer, ordered list.
///
/// Pages count from 1. A page past the end has no items and `hasMore == false`.
public struct Page<Element> {
  /// The items on this page, at most ``limit`` of them.
  public var items: [Element]
  /// The page number, from 1.
  public var page: Int
  /// The largest number of items a page holds.
  public var limit: Int
  /// How many items the whole list holds.
  public var total: Int
  /// Whether a page after this one has items.
  public var hasMore: Bool

  /// Creates a page; `hasMore` is derived from `page`, `limit` and `total`.
  public init(items: [Element], page: Int, limit: Int, total: Int) {
    self.items = items
    self.page = page
    self.limit = limit
    self.total = total
    let (seen, overflow) = page.multipliedReportingOverflow(by: limit)
    self.hasMore = !overflow && seen < total
  }
}

extension Page: Sendable where Element: Sendable {}
extension Page: Equatable where Element: Equatable {}
extension Page: Hashable where Element: Hashable {}
extension Page: Encodable where Element: Encodable {}
extension Page: Decodable where Element: Decodable {}

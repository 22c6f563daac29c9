/// A validated request for one page: `page` from 1, `limit` from 1.
public struct PageRequest: Sendable, Hashable {
  /// The page number, from 1.
  public var page: Int
  /// The most items the page holds.
  public var limit: Int

  /// Creates a page request; the caller has validated both values.
  public init(page: Int, limit: Int) {
    self.page = page
    self.limit = limit
  }

  /// How many items come before the page (saturating: a page beyond any possible count is
  /// simply empty, whatever limits the server was configured with).
  var offset: Int {
    let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: limit)
    return overflow ? .max : offset
  }
}

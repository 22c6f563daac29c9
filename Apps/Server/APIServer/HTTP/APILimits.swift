import SharedModels

/// The paging, search and request-body limits the routes enforce.
///
/// A `limit` above the maximum is refused with 400 rather than clamped, so a client learns
/// about the limit instead of silently getting fewer items than it asked for.
public struct APILimits: Sendable, Hashable {
  /// The page size when a request gives no `limit`.
  public var defaultPageSize = 20
  /// The largest `limit` a paged route accepts.
  public var maxPageSize = 100
  /// The largest `page` a paged route accepts.
  public var maxPage = 1_000_000
  /// The number of hits of each kind when `/search` gets no `limit`.
  public var defaultSearchLimit = 10
  /// The largest `limit` `/search` accepts.
  public var maxSearchLimit = 50
  /// The longest query `/search` accepts, in characters (the clients' field stops there too).
  public var maxQueryLength = SearchRules.queryMaxLength
  /// The longest a route waits for a request body it reads (10 s): a body still arriving
  /// after that is refused with 408 and its connection closed, so a client sending a small
  /// body a byte at a time cannot hold a connection (each byte would reset the idle timeout).
  public var bodyTimeout = Duration.seconds(10)

  /// The defaults above.
  public init() {}
}

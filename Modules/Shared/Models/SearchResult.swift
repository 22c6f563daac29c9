/// One hit of a search: a matching item and how well it matched.
public struct SearchResult<Item: Identifiable> {
  /// The matching item.
  public var item: Item
  /// The match's relevance; higher is better (the negated SQLite FTS5 bm25 score).
  public var rank: Double

  /// Creates a hit.
  public init(item: Item, rank: Double) {
    self.item = item
    self.rank = rank
  }
}

extension SearchResult: Identifiable {
  /// The item's identifier.
  public var id: Item.ID { item.id }
}

extension SearchResult: Sendable where Item: Sendable {}
extension SearchResult: Equatable where Item: Equatable {}
extension SearchResult: Hashable where Item: Hashable {}
extension SearchResult: Encodable where Item: Encodable {}
extension SearchResult: Decodable where Item: Decodable {}

import IdentifiedCollections

extension RangeReplaceableCollection {
  /// The elements of a shared identified collection, each a shared value of its own, in order:
  /// `Array($rows)`. Writing one element writes the collection.
  ///
  /// ```swift
  /// @Shared(.syncUps) var syncUps
  /// let rows = Array($syncUps).map { SyncUpRow.State(syncUp: $0) }
  /// ```
  public init<Value: _MutableIdentifiedCollection>(_ shared: Shared<Value>)
  where Element == Shared<Value.Element> {
    self.init(shared.wrappedValue.ids.compactMap { id in Shared(shared[id: id]) })
  }

  /// The elements of a read-only shared identified collection, each a read-only shared value of
  /// its own, in order: `Array($rows)` of a `@SharedReader`.
  public init<Value: _IdentifiedCollection>(_ shared: SharedReader<Value>)
  where Element == SharedReader<Value.Element> {
    self.init(shared.wrappedValue.ids.compactMap { id in SharedReader(shared[id: id]) })
  }

}

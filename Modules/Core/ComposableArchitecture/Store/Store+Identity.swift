/// A store is equal only to itself: two stores of equal state are still two stores.
extension Store: Equatable {
  /// Whether `lhs` and `rhs` are the same store.
  public nonisolated static func == (lhs: Store, rhs: Store) -> Bool {
    lhs === rhs
  }
}

/// A store hashes by its identity, so that it can key a set or a dictionary.
extension Store: Hashable {
  /// Hashes the store's identity.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// A store is identified by its object identity, so a list of row stores (`store.scope(state:
/// \.rows, action: \.rows)`) is iterated without an `id:` key path.
extension Store: Identifiable {}

extension Case {
  /// The case key path of one row's actions in an identified collection: `\.rows[id: id]`,
  /// for scoping a store to the row:
  ///
  /// ```swift
  /// store.scope(state: \.rows[id: id], action: \.rows[id: id])
  /// ```
  public subscript<ID: Hashable & Sendable, ElementAction>(
    id id: ID
  ) -> Case<ElementAction> where Value == IdentifiedAction<ID, ElementAction> {
    Case<ElementAction>(
      embed: { (action: ElementAction) -> Any in
        self._embed(IdentifiedAction<ID, ElementAction>.element(id: id, action: action))
      },
      extract: { (root: Any) -> ElementAction? in
        guard case let .element(elementID, action)? = self._extract(from: root), elementID == id
        else { return nil }
        return action
      }
    )
  }
}

extension Case {
  /// The case key path of one element's actions in a navigation stack: `\.path[id: id]`,
  /// for scoping a store to the element:
  ///
  /// ```swift
  /// store.scope(state: \.path[id: id], action: \.path[id: id])
  /// ```
  public subscript<ElementState, ElementAction>(
    id id: StackElementID
  ) -> Case<ElementAction> where Value == StackAction<ElementState, ElementAction> {
    StackElementCaseRecording.current?.id = id
    return Case<ElementAction>(
      embed: { (action: ElementAction) -> Any in
        self._embed(StackAction<ElementState, ElementAction>.element(id: id, action: action))
      },
      extract: { (root: Any) -> ElementAction? in
        guard case let .element(elementID, action)? = self._extract(from: root), elementID == id
        else { return nil }
        return action
      }
    )
  }
}

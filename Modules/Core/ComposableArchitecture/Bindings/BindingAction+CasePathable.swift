extension BindingAction: CasePathable {
  /// The binding actions' "cases": one per writable field of `Root`, whose value is the value
  /// written to that field.
  ///
  /// They make case key paths through a `binding` action reach a field, as tests write them:
  ///
  /// ```swift
  /// await store.send(\.binding.isOn, true) {
  ///   $0.isOn = true
  /// }
  /// await store.receive(\.binding.query)
  /// ```
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case of the binding actions that write to the field at `keyPath`: embedding a value
    /// makes `.set(keyPath, value)`, and extracting from a binding action that writes to
    /// another field gives `nil`.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .set(keyPath.value, $0) },
        extract: { action in
          guard action.keyPath == keyPath.value else { return nil }
          return action.value as? Value
        }
      )
    }
  }

  /// The case paths of the binding actions, one per writable field of `Root`.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// Reads a field of the current state, and writes it by sending a binding action:
  /// `store.query = "blob"` sends `.binding(.set(\.query, "blob"))`, which the feature's
  /// ``BindingReducer`` applies.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { self.state[keyPath: keyPath] }
    set { self.send(.binding(.set(keyPath, newValue))) }
  }
}

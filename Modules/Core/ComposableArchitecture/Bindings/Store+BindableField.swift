extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// Reads a field of the current state, and writes it by sending a binding action:
  /// `store.query = "blob"` sends `.binding(.set(\.query, "blob"))`, which the feature's
  /// ``BindingReducer`` applies. A binding action that no reducer applies is reported.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { self.state[keyPath: keyPath] }
    set {
      let receipt = BindingReceipt(actionType: Action.self, value: newValue)
      self.send(.binding(.set(keyPath, newValue, receipt: receipt)))
    }
  }
}

extension Store
where
  State: ObservableState, Action: ViewAction, Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// Reads a field of the current state, and writes it by sending a binding action through the
  /// feature's view actions: `store.query = "blob"` sends
  /// `.view(.binding(.set(\.query, "blob")))`, which `BindingReducer(action: \.view)` applies.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { self.state[keyPath: keyPath] }
    set {
      let receipt = BindingReceipt(actionType: Action.self, value: newValue)
      self.send(.view(.binding(.set(keyPath, newValue, receipt: receipt))))
    }
  }
}

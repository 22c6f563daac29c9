extension Optional: Reducer where Wrapped: Reducer {
  /// Runs the wrapped reducer when there is one, otherwise does nothing.
  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    switch self {
    case let .some(wrapped): wrapped.reduce(into: &state, action: action)
    case .none: .none
    }
  }

  /// Runs the wrapped reducer with the cache its holder keeps for it.
  @inlinable
  public func _reduce(
    into state: inout Wrapped.State, action: Wrapped.Action, bodyCache: _ReducerBodyCache
  ) -> Effect<Wrapped.Action> {
    switch self {
    case let .some(wrapped): wrapped._reduce(into: &state, action: action, bodyCache: bodyCache)
    case .none: .none
    }
  }
}

extension Optional: _BodyForwardingReducer where Wrapped: Reducer {}

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
}

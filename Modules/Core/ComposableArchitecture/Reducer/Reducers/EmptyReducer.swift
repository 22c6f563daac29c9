/// A reducer that changes nothing and starts no effects.
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates an empty reducer.
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> {
    .none
  }
}

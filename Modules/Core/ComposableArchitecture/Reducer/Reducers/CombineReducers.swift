/// Groups reducers so that operators apply to all of them at once.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.child, action: \.child) { Child() }
///   Reduce { state, action in … }
/// }
/// .ifLet(\.optional, action: \.optional) { Optional() }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline let reducers: Reducers
  /// The body of the combined reducers, when they are one reducer that keeps it.
  @usableFromInline let reducersBody = _ReducerBodyCache.for(Reducers.self)

  /// Combines the reducers of the block into one.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reducers._reduce(into: &state, action: action, bodyCache: self.reducersBody)
  }
}

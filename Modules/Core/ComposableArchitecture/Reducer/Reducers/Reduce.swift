/// A reducer made from a closure: the building block of most features' bodies.
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .incrementButtonTapped:
///     state.count += 1
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure that mutates state and returns effects.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Type-erases a reducer.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    let bodyCache = _ReducerBodyCache.for(R.self)
    self.reduce = { reducer._reduce(into: &$0, action: $1, bodyCache: bodyCache) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reduce(&state, action)
  }
}

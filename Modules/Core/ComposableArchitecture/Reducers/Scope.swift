/// Runs a child reducer on a part of the parent's state, for the parent's actions that embed
/// a child action.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.profile, action: \.profile) {
///     Profile()
///   }
///   Reduce { state, action in … }
/// }
/// ```
///
/// The child state is mutated in place; the child's effects send parent actions.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  /// The parent state as an observable state type, looked up once.
  @usableFromInline let observableState: (any ObservableState.Type)?
  @usableFromInline let toChildAction: CaseKeyPath<ParentAction, Child.Action>
  @usableFromInline let childActionPath: CaseLookup<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to the state at `toChildState` and the actions of the case
  /// `toChildAction`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = toChildState
    self.observableState = ParentState.self as? any ObservableState.Type
    self.toChildAction = toChildAction
    self.childActionPath = CaseLookup(toChildAction)
    self.child = child()
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.childActionPath.extract(from: action) else { return .none }
    let child = self.child
    let effect = modify(&state, at: self.toChildState, observable: self.observableState) {
      child.reduce(into: &$0, action: childAction)
    }
    return effect.embedded(in: self.childActionPath)
  }
}

extension Effect {
  /// The effect with each action embedded in a parent action's case.
  @inlinable
  func embedded<ParentAction>(
    in toAction: CaseLookup<ParentAction, Action>
  ) -> Effect<ParentAction> {
    if case .none = self.operation { return .none }
    return self._map { toAction.embed($0) }
  }
}

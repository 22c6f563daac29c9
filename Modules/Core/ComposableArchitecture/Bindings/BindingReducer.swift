/// Applies binding actions to state; put it first in a feature's body so the feature's own
/// reducer sees the new value.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.query):
///       return .send(.search)
///     case .binding:
///       return .none
///     …
///     }
///   }
/// }
/// ```
///
/// When the binding actions live in a feature's view actions (`enum Action: ViewAction` whose
/// `View: BindableAction`), name the case they come through:
///
/// ```swift
/// BindingReducer(action: \.view)
/// ```
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where State == ViewAction.State {
  @usableFromInline
  let toViewAction: (Action) -> ViewAction?

  /// Creates the reducer for a feature whose own actions are bindable.
  @inlinable
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
  }

  /// Creates the reducer for binding actions that arrive through a case of the feature's
  /// actions, such as its view actions: `BindingReducer(action: \.view)`.
  @inlinable
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    self.toViewAction = { $0[case: toViewAction] }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toViewAction(action)?.binding?.apply(to: &state)
    return .none
  }
}

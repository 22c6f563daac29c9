import IdentifiedCollections

extension Store {
  /// A store for a part of this store's state and actions:
  /// `store.scope(\.child, action: \.child)`, the same store as
  /// `store.scope(state: \.child, action: \.child)`.
  @inlinable @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    self.scope(state: state, action: action)
  }

  /// A store for an optional part of this store's state, or `nil` while that part is `nil`:
  /// `store.scope(\.child, action: \.child)`, the same store as
  /// `store.scope(state: \.child, action: \.child)`.
  @inlinable @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    self.scope(state: state, action: action)
  }

  /// Stores for the rows of an identified collection run by `forEach`:
  /// `store.scope(\.rows, action: \.rows)`, the same collection as
  /// `store.scope(state: \.rows, action: \.rows)`.
  @inlinable @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    _ state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> StoreCollection<ElementID, ElementState, ElementAction> {
    self.scope(state: state, action: action)
  }

  /// `store.scope(\.child, action: \.child)`, the same store as
  /// `store.scope(state: \.child, action: \.child)`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    self.scope(state: state, action: action)
  }

  /// `store.scope(\.child, action: \.child)` for an optional part of the state, the same
  /// store as `store.scope(state: \.child, action: \.child)`.
  @inlinable
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    self.scope(state: state, action: action)
  }

  /// `store.scope(\.rows, action: \.rows)`, the same collection as
  /// `store.scope(state: \.rows, action: \.rows)`.
  @inlinable
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    _ state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ElementID, ElementAction>>
    >
  ) -> StoreCollection<ElementID, ElementState, ElementAction> where Action: CasePathable {
    self.scope(state: state, action: action)
  }
}

import IdentifiedCollections
import OrderedCollections

extension Store {
  /// Stores for the rows of an identified collection run by `forEach`, one per row:
  ///
  /// ```swift
  /// for row in store.scope(state: \.rows, action: \.rows) {
  ///   render(row)   // a Store<Row.State, Row.Action>
  /// }
  /// ```
  ///
  /// The collection holds the rows present when it was made; each row's store is cached, and
  /// keeps showing the row's last state if the row is removed later.
  ///
  /// Inlinable, so that the store of the rows is made where its types are known: the closure
  /// embedding a row's actions into the parent's then runs compiled for them.
  @inlinable @_disfavoredOverload
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> StoreCollection<ElementID, ElementState, ElementAction> {
    StoreCollection(store: self.scope(state: state, action: action))
  }

  /// Stores for the rows of an identified collection run by `forEach`, one per row.
  /// A literal (`\.rows`) is taken here, as a key path of the action's `AllCasePaths` that
  /// the runtime makes once (see ``_ReducerAction/_$caseMembers``).
  @inlinable
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ElementID, ElementAction>>
    >
  ) -> StoreCollection<ElementID, ElementState, ElementAction> where Action: CasePathable {
    StoreCollection(store: self.scope(state: state, action: action))
  }
}

/// The stores of the rows of an identified collection; see
/// ``Store/scope(state:action:)-(KeyPath<State,IdentifiedArray<ElementID,ElementState>>,_)``.
@MainActor
public struct StoreCollection<ID: Hashable & Sendable, State, Action>:
  @MainActor RandomAccessCollection
{
  @usableFromInline let store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  @usableFromInline let rows: IdentifiedArray<ID, State>

  @inlinable
  init(store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>) {
    self.store = store
    self.rows = store.withState { $0 }
  }

  public var startIndex: Int { self.rows.startIndex }
  public var endIndex: Int { self.rows.endIndex }

  /// The store of the row at `position`.
  @inlinable
  public subscript(position: Int) -> Store<State, Action> {
    let id = self.rows.ids[position]
    return self.store.rowStore(id: id, lastState: self.rows[position])
  }
}

extension Store {
  /// The cached store of the row `id` of an identified collection, which keeps the row's last
  /// state once the row is gone.
  ///
  /// Inlinable, so that the row's closures are compiled for its types where the collection is
  /// used: they run on every action the row sends.
  @inlinable
  func rowStore<ID: Hashable & Sendable, Row, RowAction>(
    id: ID, lastState: Row
  ) -> Store<Row, RowAction>
  where State == IdentifiedArray<ID, Row>, Action == IdentifiedAction<ID, RowAction> {
    let toState: KeyPath<State, Row?> = \.[id: id]
    let toAction: CaseKeyPath<Action, RowAction> = \Case<Action>.[id: id]
    let scopeID = ScopeID(state: toState, action: toAction)
    if let child = self.children[scopeID] as? Store<Row, RowAction> {
      return child
    }
    // The row is looked up by id in the rows, where they are, rather than through `toState`:
    // a key path with an argument runs in key path machinery, after every action the row sends.
    let rowsReader = self.core.stateReader
    let parentSend = self.core.sendFunction
    let child = Store<Row, RowAction>(
      core: OptionalScopedCore(
        root: self.core.root,
        refresh: { last in
          var isPresent = false
          rowsReader { rows in
            if let row = rows.pointee[id: id] {
              last = row
              isPresent = true
            }
          }
          return isPresent
        },
        parentSend: { parentSend(.element(id: id, action: $0)) },
        initialState: lastState))
    self.children[scopeID] = child
    return child
  }
}

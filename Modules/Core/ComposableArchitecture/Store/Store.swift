import Dependencies
import Observation

/// The runtime of a feature: holds its state, sends actions through its reducer, and runs the
/// effects the reducer returns.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// }
/// store.send(.incrementButtonTapped)
/// store.count  // 1
/// ```
///
/// A store lives on the main actor. Scope it to hand a child feature only its part of the
/// state and actions; child stores are cached and always see the parent's current state.
/// Reading fields of an ``ObservableState`` through the store inside
/// `withObservationTracking` observes just those fields.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  @usableFromInline let core: any Core<State, Action>
  @usableFromInline @exclusivity(unchecked) var children = ScopedStores()

  @usableFromInline
  init(core: any Core<State, Action>) {
    self.core = core
  }

  /// Creates a store running `reducer` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for the reducer and its effects.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let (initialState, reducer, dependencies) = withDependencies(prepareDependencies ?? { _ in }) {
      (initialState(), reducer(), DependencyValues._current)
    }
    let core = RootCore(initialState: initialState, reducer: reducer, dependencies: dependencies)
    core.installSpecializedSend()
    self.init(core: core)
  }

  /// Creates a store running `reducer` from `initialState`, and sends it `initialAction` at
  /// once (its effects start), instead of waiting for a view to appear.
  ///
  /// ```swift
  /// Store(initialState: Feature.State(), initialAction: .initialize) {
  ///   Feature()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - initialAction: The action sent as soon as the store exists.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for the reducer and its effects.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    initialAction: Action,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState(), reducer: reducer, withDependencies: prepareDependencies)
    self.send(initialAction)
  }

  /// The current state; reading it inside observation tracking observes the fields read.
  public var state: State {
    self.core.root.accessState()
    return self.core.state
  }

  /// Reads a field of the current state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    self.state[keyPath: keyPath]
  }

  /// Calls `body` with the current state, without observing it.
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(self.core.state)
  }

  /// Sends an action to the reducer, then starts the effects it returned.
  ///
  /// Actions sent while the reducer is running (by synchronous effects) are processed in
  /// order before this call returns.
  ///
  /// - Returns: The action's effects, to await or cancel.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(effects: self.core.send(action))
  }

  /// A store for a part of this store's state and actions; the same store is returned for the
  /// same key paths.
  @inlinable @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let route = CaseRoute(action)
    return self.scope(state: state, id: ScopeID(state: state, action: action, route: route)) {
      CaseLookup(action, route: route)
    }
  }

  /// A store for a part of this store's state and actions; the same store is returned for the
  /// same key paths. A literal (`\.child`) is taken here, as a key path of the action's
  /// `AllCasePaths` that the runtime makes once (see ``_ReducerAction/_$caseMembers``).
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> where Action: CasePathable {
    let route = CaseRoute(member: action)
    return self.scope(state: state, id: ScopeID(state: state, member: action, route: route)) {
      CaseLookup.member(action)
    }
  }

  /// The cached store `id` of the part at `state`, made with the case lookup `toAction` when
  /// there is none.
  @inlinable
  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>, id: ScopeID,
    toAction: () -> CaseLookup<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    if let child = self.children[id] as? Store<ChildState, ChildAction> {
      return child
    }
    let child = Store<ChildState, ChildAction>(
      core: ScopedCore(parent: self.core, toState: state, toAction: toAction()))
    self.children[id] = child
    return child
  }

  /// A store for an optional part of this store's state, or `nil` while that part is `nil`.
  @inlinable @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    let id = ScopeID(state: state, action: action, route: CaseRoute(action))
    return self.scope(state: state, id: id) { childState in
      self.stackElementStore(state: state, action: action, lastState: childState)
        ?? Store<ChildState, ChildAction>(
          core: OptionalScopedCore(
            parent: self.core, toState: state,
            fromAction: self.embedding(action, element: ChildState.self),
            initialState: childState))
    }
  }

  /// A store for an optional part of this store's state, or `nil` while that part is `nil`.
  /// A literal (`\.child`) is taken here, as a key path of the action's `AllCasePaths` that
  /// the runtime makes once (see ``_ReducerAction/_$caseMembers``).
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, AnyCasePath<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? where Action: CasePathable {
    let route = CaseRoute(member: action)
    return self.scope(state: state, id: ScopeID(state: state, member: action, route: route)) {
      childState in
      let lookup = CaseLookup.member(action)
      return Store<ChildState, ChildAction>(
        core: OptionalScopedCore(
          parent: self.core, toState: state, fromAction: { lookup.embed($0) },
          initialState: childState))
    }
  }

  /// The cached store `id` of the optional part at `state`, made by `make` from the part's
  /// state when there is none; `nil`, releasing the store, while the part is `nil`.
  @inlinable
  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>, id: ScopeID,
    make: (ChildState) -> Store<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let childState = self.state[keyPath: state] else {
      // The child is gone (dismissed, popped): its store is released.
      self.children[id] = nil
      return nil
    }
    if let child = self.children[id] as? Store<ChildState, ChildAction> {
      return child
    }
    let child = make(childState)
    self.children[id] = child
    return child
  }
}

extension Store: Observable {}

/// A store of a reducer's state and actions: `StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// Identifies a scope of a store by the key paths it was made with. A case the runtime routes
/// by position is identified by that position, so that `\.child` written at the call (a key
/// path of `AllCasePaths`) and a `CaseKeyPath` held in a value find the same store.
@usableFromInline
struct ScopeID: Hashable {
  @usableFromInline let state: AnyKeyPath
  @usableFromInline let action: Action

  /// The action side of a scope.
  @usableFromInline
  enum Action: Hashable {
    /// A key path that names no case by position (`\.rows[id: 7]`, `\.self`).
    case keyPath(AnyKeyPath)
    /// The case at `index` of the action type `root`; `presented` when the scope goes through
    /// that case's `PresentationAction` to `.presented`.
    case position(root: ObjectIdentifier, index: Int, presented: Bool)
  }

  @usableFromInline
  init(state: AnyKeyPath, action: AnyKeyPath) {
    self.state = state
    self.action = .keyPath(action)
  }

  /// The id of a scope whose action is the `AllCasePaths` member `member`. A case the runtime
  /// routes by position is identified by it; any other (an action that is only `@CasePathable`,
  /// without the generated switches) by the case key path of the same case
  /// (`\Case<Root>.[dynamicMember: member]`), which a `CaseKeyPath` value holding `\.child`
  /// equals, so both spellings find the same store.
  @usableFromInline
  init<Root: CasePathable, Value>(
    state: AnyKeyPath, member: KeyPath<Root.AllCasePaths, AnyCasePath<Root, Value>>,
    route: CaseRoute<Root, Value>
  ) {
    let action: AnyKeyPath =
      route.index >= 0 || route.presentedIndex >= 0
      ? member : \Case<Root>.[dynamicMember: member]
    self.init(state: state, action: action, route: route)
  }

  @usableFromInline
  init<Root, Value>(state: AnyKeyPath, action: AnyKeyPath, route: CaseRoute<Root, Value>) {
    self.state = state
    let root = ObjectIdentifier(Root.self)
    if route.index >= 0 {
      self.action = .position(root: root, index: route.index, presented: false)
    } else if route.presentedIndex >= 0 {
      self.action = .position(root: root, index: route.presentedIndex, presented: true)
    } else {
      self.action = .keyPath(action)
    }
  }
}

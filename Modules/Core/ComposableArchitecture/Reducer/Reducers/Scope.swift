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
  /// Where the child's state and actions are in the parent's; one reference, so that running
  /// the scope copies nothing but the child reducer.
  @usableFromInline let route: _ScopeRoute<ParentState, ParentAction, Child.State, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to the state at `toChildState` and the actions of the case
  /// `toChildAction`.
  @inlinable @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(field: toChildState, action: CaseLookup(toChildAction), child: child())
  }

  /// Scopes `child` to the state at `toChildState` and the actions of the case
  /// `toChildAction`. A literal (`\.child`) is taken here, as a key path of the action's
  /// `AllCasePaths` that the runtime makes once; a case key path held in a value takes the
  /// overload above (see ``_ReducerAction/_$caseMembers``).
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<
      ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>
    >,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentAction: CasePathable {
    self.init(field: toChildState, action: CaseLookup.member(toChildAction), child: child())
  }

  /// Scopes `child` to the field at `toChildState` and the case `toChildAction` looks up.
  @inlinable
  init(
    field toChildState: WritableKeyPath<ParentState, Child.State>,
    action toChildAction: CaseLookup<ParentAction, Child.Action>,
    child: Child
  ) {
    self.route = _ScopeRoute(
      childField: _FieldAccess(toChildState), childCase: nil, location: nil,
      toChildAction: toChildAction, childBody: .for(Child.self))
    self.child = child
  }

  /// Scopes `child` to one case of enum state and the actions of the case `toChildAction`.
  ///
  /// The child runs only while the state is in that case; a child action that arrives while
  /// the state is in another case is reported as an issue and ignored.
  @inlinable @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.init(
      case: toChildState, action: CaseLookup(toChildAction), child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Scopes `child` to one case of enum state and the actions of the case `toChildAction`.
  /// A literal (`\.child`) is taken here, as a key path of the action's `AllCasePaths` that
  /// the runtime makes once (see ``_ReducerAction/_$caseMembers``).
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<
      ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>
    >,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  )
  where
    ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable,
    ParentAction: CasePathable
  {
    self.init(
      case: toChildState, action: CaseLookup.member(toChildAction), child: child(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Scopes `child` to the case `toChildState` of enum state and the case `toChildAction`
  /// looks up; `location` is where a mismatched action is reported.
  @inlinable
  init(
    case toChildState: CaseKeyPath<ParentState, Child.State>,
    action toChildAction: CaseLookup<ParentAction, Child.Action>,
    child: Child, location: SourceLocation
  ) where ParentState: CasePathable {
    self.route = _ScopeRoute(
      childField: nil, childCase: AnyCasePath(toChildState), location: location,
      toChildAction: toChildAction, childBody: .for(Child.self))
    self.child = child
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    let route = self.route
    guard let childAction = route.childActionPath.extract(from: action) else { return .none }
    // Nothing observing the child's field (the common case): mutate it where it is stored.
    // The layout is read from the route directly, not through `childField`, which would retain.
    func reduceChild(_ childState: inout Child.State) -> Effect<Child.Action> {
      self.child._reduce(into: &childState, action: childAction, bodyCache: route.childBody)
    }
    if let layout = route.childLayout,
      let effect = layout.modifyIfUnobserved(&state, as: Child.State.self, reduceChild)
    {
      return effect.embedded(in: route.childActionPath)
    }
    return self.reduceObserved(into: &state, action: action, childAction: childAction)
  }

  /// Runs the child on its field while something may be observing it, or on its case of enum
  /// state.
  @inlinable
  func reduceObserved(
    into state: inout ParentState, action: ParentAction, childAction: Child.Action
  ) -> Effect<ParentAction> {
    if let childField = self.route.childField {
      return childField.modify(&state) {
        self.child._reduce(into: &$0, action: childAction, bodyCache: self.route.childBody)
      }
      .embedded(in: self.route.childActionPath)
    }
    return self.reduceCase(into: &state, action: action, childAction: childAction)
  }

  /// Runs the child on its case of enum state, or reports the action when the state is in
  /// another case.
  @usableFromInline
  func reduceCase(
    into state: inout ParentState, action: ParentAction, childAction: Child.Action
  ) -> Effect<ParentAction> {
    guard let childCase = self.route.childCase, var childState = childCase.extract(from: state)
    else {
      self.route.location?.report(
        wrongCaseMessage(
          reducer: "A \"Scope\"\(self.route.location.map { " at \"\($0)\"" } ?? "")",
          isScope: true, action: action, state: state))
      return .none
    }
    let effect = self.child._reduce(
      into: &childState, action: childAction, bodyCache: self.route.childBody)
    state = childCase.embed(childState)
    return effect.embedded(in: self.route.childActionPath)
  }
}

/// Where a ``Scope``'s child state and actions are in its parent's.
///
/// What every action reads (the case lookup, the child's body, the field's layout) is declared
/// first, so that it lies together at the start of the object (57 bytes with the header).
@usableFromInline
final class _ScopeRoute<ParentState, ParentAction, ChildState, ChildAction> {
  @usableFromInline let childActionPath: CaseLookup<ParentAction, ChildAction>
  /// The child reducer's body, once built.
  @usableFromInline let childBody: _ReducerBodyCache
  /// Where the child's field is stored, when it is a tracked field (a copy of `childField`'s,
  /// read without retaining anything).
  @usableFromInline let childLayout: _FieldLayout?
  /// The child state's field in the parent, when it is one.
  @usableFromInline let childField: _FieldAccess<ParentState, ChildState>?
  /// The child state's case of enum parent state, when it is one.
  @usableFromInline let childCase: AnyCasePath<ParentState, ChildState>?
  @usableFromInline let location: SourceLocation?

  @usableFromInline
  init(
    childField: _FieldAccess<ParentState, ChildState>?,
    childCase: AnyCasePath<ParentState, ChildState>?,
    location: SourceLocation?,
    toChildAction: CaseLookup<ParentAction, ChildAction>,
    childBody: _ReducerBodyCache
  ) {
    self.childBody = childBody
    self.childField = childField
    self.childLayout = childField?.layout
    self.childCase = childCase
    self.location = location
    self.childActionPath = toChildAction
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

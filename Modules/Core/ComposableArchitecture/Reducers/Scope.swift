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
  /// The child state's field in the parent, when it is one.
  @usableFromInline let childField: _FieldAccess<ParentState, Child.State>?
  /// The child state's case of enum parent state, when it is one.
  @usableFromInline let childCase: AnyCasePath<ParentState, Child.State>?
  @usableFromInline let location: SourceLocation?
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
    self.childField = _FieldAccess(toChildState)
    self.childCase = nil
    self.location = nil
    self.toChildAction = toChildAction
    self.childActionPath = CaseLookup(toChildAction)
    self.child = child()
  }

  /// Scopes `child` to one case of enum state and the actions of the case `toChildAction`.
  ///
  /// The child runs only while the state is in that case; a child action that arrives while
  /// the state is in another case is reported as an issue and ignored.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.childField = nil
    self.childCase = AnyCasePath(toChildState)
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.toChildAction = toChildAction
    self.childActionPath = CaseLookup(toChildAction)
    self.child = child()
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.childActionPath.extract(from: action) else { return .none }
    let child = self.child
    if let effect = self.childField?.modify(
      &state, { child.reduce(into: &$0, action: childAction) })
    {
      return effect.embedded(in: self.childActionPath)
    }
    guard let childCase = self.childCase, var childState = childCase.extract(from: state) else {
      self.location?.report(
        wrongCaseMessage(reducer: "A \"Scope\"", action: action, state: state))
      return .none
    }
    let effect = child.reduce(into: &childState, action: childAction)
    state = childCase.embed(childState)
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

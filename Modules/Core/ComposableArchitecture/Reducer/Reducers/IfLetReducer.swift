extension Reducer {
  /// Runs a child reducer on optional child state while it is present.
  ///
  /// The child runs before this reducer, so the parent sees the child's changes. When the
  /// parent sets the child to `nil`, or puts another child in its place (one with another `id`
  /// when the state is `Identifiable`, another case when it is an enum), the child's effects are
  /// cancelled. A child
  /// action that arrives while the child state is `nil` is reported as an issue (a runtime
  /// warning) and ignored. Alert-like child state (`AlertState`, `ConfirmationDialogState`) is
  /// set back to `nil` after each of its actions.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.details, action: \.details) {
  ///     Details()
  ///   }
  /// ```
  @inlinable
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer<WrappedState, WrappedAction>>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped> {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: CaseLookup(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Checks that child actions only arrive while the optional child state is present, for a
  /// child whose logic runs elsewhere. Alert-like child state (`AlertState`,
  /// `ConfirmationDialogState`) is set back to `nil` after each of its actions.
  @inlinable
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self,
      child: EmptyReducer(),
      toChildState: toWrappedState,
      toChildAction: CaseLookup(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  /// The body of the parent reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let parentBody = _ReducerBodyCache.for(Parent.self)
  @usableFromInline let child: Child
  /// The body of the child reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let childBody = _ReducerBodyCache.for(Child.self)
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let childState: _FieldAccess<Parent.State, Child.State?>
  @usableFromInline let childActionPath: CaseLookup<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation
  /// Whether the child's state is alert-like (`_EphemeralState`): it is cleared after each of
  /// its actions.
  @usableFromInline let childIsEphemeral: Bool
  /// Whether one child can be told from another put in its place (its state is `Identifiable`
  /// or an enum), and how.
  @usableFromInline let childStateInfo: _NavigationStateInfo

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CaseLookup<Parent.Action, Child.Action>,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.childState = _FieldAccess(toChildState)
    self.childActionPath = toChildAction
    self.location = location
    self.childIsEphemeral = Child.State.self is any _EphemeralState.Type
    self.childStateInfo = _NavigationStateInfo.of(Child.State.self)
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let childEffects = self.reduceChild(into: &state, action: action)
    guard self.childStateInfo.hasIdentity else {
      let wasPresent = self.childState.read(&state) { $0 != nil }
      let parentEffects = self.parent._reduce(
        into: &state, action: action, bodyCache: self.parentBody)
      let effects = childEffects.merge(with: parentEffects)
      guard wasPresent, self.childState.read(&state, { $0 == nil }) else { return effects }
      // The child went away: its effects go with it.
      return effects.merge(with: .cancelChild(at: self.navigationComponent))
    }
    // The identity only (not a copy of the child, which would make the parent's changes to it
    // copy what they change), worked out on every action as TCA does: an `id` changed in place
    // makes another child too.
    let identityBefore = self.childIdentity(in: &state)
    let parentEffects = self.parent._reduce(
      into: &state, action: action, bodyCache: self.parentBody)
    let effects = childEffects.merge(with: parentEffects)
    guard identityBefore != nil, self.childIdentity(in: &state) != identityBefore else {
      return effects
    }
    // The child went away, or the parent put another one (another `id`, or another case of
    // enum state) in its place: the first child's effects go with it, as in TCA.
    return effects.merge(with: .cancelChild(at: self.navigationComponent))
  }

  /// The case and `id` of the child in `state`, `nil` when it is absent.
  @inlinable
  func childIdentity(in state: inout Parent.State) -> _ChildIdentityParts? {
    self.childState.read(&state) { $0.map { self.childStateInfo.identityParts(of: $0) } }
  }

  /// The child's place in navigation, which scopes its effects.
  @inlinable
  var navigationComponent: NavigationComponent {
    NavigationComponent(keyPath: self.toChildState, id: nil)
  }

  @inlinable
  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = self.childActionPath.extract(from: action) else { return .none }
    // Absent child state is only read, never written back: writing `nil` through a key path
    // such as `\.$destination[case: \.editor]` would be a write to another case.
    guard self.childState.read(&state, { $0 != nil }) else {
      self.location.report(
        """
        An "ifLet" at "\(self.location)" received a child action when child state was "nil". …

          Action:
            \(debugCaseOutput(action))

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set child state to "nil" before this reducer ran. This reducer must \
        run before any other reducer sets child state to "nil". This ensures that child \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        • This action was sent to the store while state was "nil". Make sure that actions for \
        this reducer can only be sent from a view store when state is non-"nil". In SwiftUI \
        applications, use "IfLetStore".
        """
      )
      return .none
    }
    let isEphemeral = self.childIsEphemeral
    let effect = self.childState.modify(&state) { (childState: inout Child.State?) in
      let effect = self.child._reduce(
        into: &childState!, action: childAction, bodyCache: self.childBody)
      // Alert-like state is gone once one of its actions has run (as a presented alert is).
      if isEphemeral { childState = nil }
      return effect
    }
    return effect.embedded(in: self.childActionPath).scoped(to: self.navigationComponent)
  }
}

extension Reducer {
  /// Runs a child reducer on one case of enum state while the state is in that case.
  ///
  /// The child runs before this reducer. A child action that arrives while the state is in
  /// another case is reported as an issue and ignored. When the state leaves the case (or the
  /// case's `Identifiable` state is replaced by another), the child's effects are cancelled.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer<CaseState, CaseAction>>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> where State: CasePathable {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: toCaseState,
      toChildAction: CaseLookup(toCaseAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
///
/// The parent's state need not be `CasePathable`: the deprecated operator takes an `AnyCasePath`
/// to a case of any enum (`/State.child`).
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  /// The body of the parent reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let parentBody = _ReducerBodyCache.for(Parent.self)
  @usableFromInline let child: Child
  /// The body of the child reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let childBody = _ReducerBodyCache.for(Child.self)
  @usableFromInline let toChildState: CaseKeyPath<Parent.State, Child.State>
  /// Extracts and embeds the case's state, whether or not the state is `CasePathable`.
  @usableFromInline let childStatePath: AnyCasePath<Parent.State, Child.State>
  @usableFromInline let childActionPath: CaseLookup<Parent.Action, Child.Action>
  @usableFromInline let location: SourceLocation
  /// How the case's state is told apart from another (see ``_NavigationIdentity``).
  @usableFromInline let stateInfo: _NavigationStateInfo
  /// Whether the child's effects are scoped by the name of the case rather than by
  /// `toChildState`: a case key path converted from an `AnyCasePath` is a new key path each time
  /// the reducer is built, and a parent without `@Reducer` builds its body for every action.
  @usableFromInline let scopesByCaseName: Bool

  @inlinable
  init(
    parent: Parent,
    child: Child,
    toChildState: CaseKeyPath<Parent.State, Child.State>,
    toChildAction: CaseLookup<Parent.Action, Child.Action>,
    location: SourceLocation,
    scopesByCaseName: Bool = false
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.childStatePath = AnyCasePath(toChildState)
    self.childActionPath = toChildAction
    self.location = location
    self.stateInfo = .of(Child.State.self)
    self.scopesByCaseName = scopesByCaseName
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let childEffects = self.reduceChild(into: &state, action: action)
    let childBefore = self.child(in: state)
    let caseBefore = self.scopesByCaseName ? enumCaseName(of: state) : nil
    let parentEffects = self.parent._reduce(
      into: &state, action: action, bodyCache: self.parentBody)
    let effects = childEffects.merge(with: parentEffects)
    guard let childBefore, self.child(in: state) != childBefore else { return effects }
    // The state left the case, or holds another child in it: the child's effects go with it.
    return effects.merge(
      with: .cancelChild(at: self.navigationComponent(of: childBefore, inCase: caseBefore)))
  }

  /// The identity of the child the state holds in the case, or `nil` when it is in another case.
  @inlinable
  func child(in state: Parent.State) -> _NavigationIdentity? {
    self.childStatePath.extract(from: state).map { self.stateInfo.identity(of: $0) }
  }

  /// The child's place in navigation, which scopes its effects: under `toChildState`, or under
  /// the name of the case the state is in (`caseName`) when ``scopesByCaseName``.
  @inlinable
  func navigationComponent(of child: _NavigationIdentity, inCase caseName: String?)
    -> NavigationComponent
  {
    guard self.scopesByCaseName else {
      return NavigationComponent(
        keyPath: self.toChildState, id: child.isPlain ? nil : AnyHashableSendable(child))
    }
    return NavigationComponent(
      keyPath: \Parent.State.self,
      id: AnyHashableSendable(
        _NamedCaseChild(caseName: caseName ?? "", child: child.isPlain ? nil : child)))
  }

  @inlinable
  func reduceChild(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let childAction = self.childActionPath.extract(from: action) else { return .none }
    guard var childState = self.childStatePath.extract(from: state) else {
      self.location.report(
        wrongCaseMessage(
          reducer: "An \"ifCaseLet\" at \"\(self.location)\"", isScope: false, action: action,
          state: state))
      return .none
    }
    let child = self.stateInfo.identity(of: childState)
    let caseName = self.scopesByCaseName ? enumCaseName(of: state) : nil
    let effect = self.child._reduce(
      into: &childState, action: childAction, bodyCache: self.childBody)
    state = self.childStatePath.embed(childState)
    return effect.embedded(in: self.childActionPath)
      .scoped(to: self.navigationComponent(of: child, inCase: caseName))
  }
}

/// The child of a case that is identified by its name (see
/// `_IfCaseLetReducer.scopesByCaseName`): the case, and the child's identity when it has one.
@usableFromInline
struct _NamedCaseChild: Hashable, Sendable {
  @usableFromInline let caseName: String
  @usableFromInline let child: _NavigationIdentity?

  @usableFromInline
  init(caseName: String, child: _NavigationIdentity?) {
    self.caseName = caseName
    self.child = child
  }
}

/// The name of the case `value` is in, when it is an enum case with an associated value.
@usableFromInline
func enumCaseName(of value: Any) -> String? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return nil }
  return mirror.children.first?.label
}

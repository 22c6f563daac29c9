import OrderedCollections

extension Reducer {
  /// Runs a destination reducer on the elements of a navigation stack, and pushes and pops
  /// elements for the stack's actions.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path) {
  ///     Path()
  ///   }
  /// ```
  ///
  /// An element's action runs its destination before this reducer. `popFrom` and `push` are
  /// applied after this reducer ran, so it sees the stack as it was. Popping an element (or
  /// removing it any other way) cancels its effects. An action for an id that is not in the
  /// stack is reported as an issue and ignored.
  @inlinable
  public func forEach<
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination> {
    _StackReducer(
      base: self,
      toStackState: toStackState,
      toStackAction: toStackAction,
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// Runs an enum destination's reducer (a `@Reducer enum Path`) on the elements of a
  /// navigation stack: `forEach(\.path, action: \.path)`.
  @inlinable
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _StackReducer(
      base: self,
      toStackState: toStackState,
      toStackAction: toStackAction,
      destination: DestinationState.StateReducer.body,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  /// The body of the base reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let baseBody = _ReducerBodyCache.for(Base.self)
  @usableFromInline let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  @usableFromInline let stackActionPath:
    CaseLookup<Base.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let destination: Destination
  /// The body of the destination reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let destinationBody = _ReducerBodyCache.for(Destination.self)
  @usableFromInline let location: SourceLocation
  @usableFromInline let stackState: _FieldAccess<Base.State, StackState<Destination.State>>

  @inlinable
  init(
    base: Base,
    toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>,
    toStackAction: CaseKeyPath<Base.Action, StackAction<Destination.State, Destination.Action>>,
    destination: Destination,
    location: SourceLocation
  ) {
    self.base = base
    self.toStackState = toStackState
    self.stackActionPath = CaseLookup(toStackAction)
    self.destination = destination
    self.location = location
    self.stackState = _FieldAccess(toStackState)
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let idsBefore = self.stackState.read(&state) { $0.ids }
    let stackAction = self.stackActionPath.extract(from: action)

    var destinationEffects = Effect<Base.Action>.none
    if case let .element(id, elementAction)? = stackAction {
      destinationEffects = self.reduceElement(id: id, action: elementAction, in: &state)
    }
    let baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)

    switch stackAction {
    case let .popFrom(id)?:
      let popped = self.stackState.modify(&state) {
        stack -> Bool in
        guard stack[id: id] != nil else { return false }
        stack.pop(from: id)
        return true
      }
      if !popped {
        self.location.report(
          """
          A "forEach" received a "popFrom" action for a missing element. …

            ID:
              \(id)
            Path IDs:
              \(idsBefore.map(\.description).joined(separator: ", "))
          """
        )
      }
    case let .push(id, elementState)?:
      let pushed = self.stackState.modify(&state) {
        $0.append(elementState, id: id)
      }
      if !pushed {
        self.location.report(
          """
          A "forEach" received a "push" action for an element it already contains. …

            ID:
              \(id)
          """
        )
      }
    case .element?, nil:
      break
    }

    var effects = destinationEffects.merge(with: baseEffects)
    let idsAfter = self.stackState.read(&state) { $0.ids }
    guard !idsBefore.isSameStorage(as: idsAfter) else { return effects }
    // Elements that left the stack take their effects with them.
    for id in idsBefore.subtracting(idsAfter) {
      effects = effects.merge(with: .cancelChild(at: self.navigationComponent(for: id)))
    }
    // While on the stack, an element can pop itself with `@Dependency(\.dismiss)`.
    for id in idsAfter.subtracting(idsBefore) {
      let listener = Effect.dismissListener(sending: self.stackActionPath.embed(.popFrom(id: id)))
      effects = effects.merge(with: listener.scoped(to: self.navigationComponent(for: id)))
    }
    return effects
  }

  @inlinable
  func reduceElement(
    id: StackElementID, action elementAction: Destination.Action, in state: inout Base.State
  ) -> Effect<Base.Action> {
    let effect = withNavigationComponent(self.navigationComponent(for: id)) {
      self.stackState.modify(&state) {
        stack -> Effect<Destination.Action>? in
        guard stack[id: id] != nil else { return nil }
        return self.destination._reduce(
          into: &stack[id: id]!, action: elementAction, bodyCache: self.destinationBody)
      }
    }
    guard let effect else {
      self.location.report(
        """
        A "forEach" received an action for a missing element. …

          Action:
            \(debugCaseOutput(elementAction))
          ID:
            \(id)

        This is generally considered an application logic error: an element was popped while \
        one of its effects was still running, or an action was sent for an element after it \
        was popped.
        """
      )
      return .none
    }
    if case .none = effect.operation { return .none }
    let stackActionPath = self.stackActionPath
    return effect._map { stackActionPath.embed(.element(id: id, action: $0)) }
      .scoped(to: self.navigationComponent(for: id))
  }

  /// An element's place in navigation, which scopes its effects.
  @inlinable
  func navigationComponent(for id: StackElementID) -> NavigationComponent {
    NavigationComponent(keyPath: self.toStackState, id: AnyHashableSendable(id))
  }
}

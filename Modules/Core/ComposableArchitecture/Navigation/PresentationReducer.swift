extension Reducer {
  /// Runs a destination reducer on presented child state while it is presented, dismisses it on
  /// `.dismiss`, and cancels its effects when it goes away.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: \.destination) {
  ///     Destination()
  ///   }
  /// ```
  ///
  /// The child runs before this reducer; `.dismiss` sets the state to `nil` after it. While
  /// presented, the child can dismiss itself from an effect with `@Dependency(\.dismiss)`.
  /// Alert-like (ephemeral) state is dismissed after any of its actions.
  @inlinable
  public func ifLet<
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination> {
    _PresentationReducer(
      base: self,
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      destination: destination(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs an enum destination's reducer (a `@Reducer enum Destination`) on presented child
  /// state: `ifLet(\.$destination, action: \.destination)`.
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _PresentationReducer(
      base: self,
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      destination: DestinationState.StateReducer.body,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents and dismisses child state whose actions need no reducer of their own (alerts).
  @inlinable
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    _PresentationReducer(
      base: self,
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      destination: EmptyReducer(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by `ifLet(\.$destination, action: \.destination) { … }`.
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  /// The body of the base reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let baseBody = _ReducerBodyCache.for(Base.self)
  @usableFromInline let toPresentationState:
    WritableKeyPath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let presentationActionPath:
    CaseLookup<Base.Action, PresentationAction<Destination.Action>>
  @usableFromInline let destination: Destination
  /// The body of the destination reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let destinationBody = _ReducerBodyCache.for(Destination.self)
  @usableFromInline let location: SourceLocation
  @usableFromInline let presentationState:
    _FieldAccess<Base.State, PresentationState<Destination.State>>

  @inlinable
  init(
    base: Base,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: CaseKeyPath<Base.Action, PresentationAction<Destination.Action>>,
    destination: Destination,
    location: SourceLocation
  ) {
    self.base = base
    self.toPresentationState = toPresentationState
    self.presentationActionPath = CaseLookup(toPresentationAction)
    self.destination = destination
    self.location = location
    self.presentationState = _FieldAccess(toPresentationState)
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = self.presentation(in: &state)
    let presentationAction = self.presentationActionPath.extract(from: action)

    var destinationEffects = Effect<Base.Action>.none
    if case let .presented(destinationAction)? = presentationAction {
      destinationEffects = self.reduceDestination(action: destinationAction, in: &state)
    }
    let baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)

    switch presentationAction {
    case .dismiss?:
      if before != nil {
        state[keyPath: self.toPresentationState].wrappedValue = nil
      } else {
        self.location.report(
          """
          An "ifLet" received a "dismiss" action when destination state was absent. …

            Action:
              \(debugCaseOutput(action))

          This is generally considered an application logic error: the destination was \
          dismissed twice, or an effect dismissed it after it was already gone.
          """
        )
      }
    case .presented?:
      if before != nil, self.presentation(in: &state) == before,
        let presented = self.presentationState.read(&state, { $0.wrappedValue }),
        isEphemeral(presented)
      {
        state[keyPath: self.toPresentationState].wrappedValue = nil
      }
    case nil:
      break
    }

    var effects = destinationEffects.merge(with: baseEffects)
    let after = self.presentation(in: &state)
    guard before != after else { return effects }
    if let before {
      // The child went away or was replaced: its effects go with it.
      effects = effects.merge(with: .cancelChild(at: before))
    }
    if let after {
      // While presented, the child can dismiss itself: this effect waits for it to.
      let listener = Effect.dismissListener(sending: self.presentationActionPath.embed(.dismiss))
      effects = effects.merge(with: listener.scoped(to: after))
    }
    return effects
  }

  /// The presented child's place in navigation, or `nil` when nothing is presented: the key
  /// path plus the child state's identity, when it has one, so replacing the child counts as a
  /// new presentation.
  @inlinable
  func presentation(in state: inout Base.State) -> NavigationComponent? {
    // Read in place: while nothing is presented (most actions), this is all it costs.
    let identity = self.presentationState.read(&state) { presentation in
      presentation.wrappedValue.map { ($0 as? any ObservableState)?._$id }
    }
    guard let identity else { return nil }
    return NavigationComponent(
      keyPath: self.toPresentationState, id: identity.map { AnyHashableSendable($0) })
  }

  @inlinable
  func reduceDestination(
    action destinationAction: Destination.Action, in state: inout Base.State
  ) -> Effect<Base.Action> {
    let effect = self.presentation(in: &state).flatMap { component in
      withNavigationComponent(component) {
        self.presentationState.modify(&state) {
          presentation -> Effect<Destination.Action>? in
          guard presentation.wrappedValue != nil else { return nil }
          return self.destination._reduce(
            into: &presentation.wrappedValue!, action: destinationAction,
            bodyCache: self.destinationBody)
        }
      }
    }
    guard let effect else {
      self.location.report(
        """
        An "ifLet" received a presentation action when destination state was absent. …

          Action:
            \(debugCaseOutput(destinationAction))

        This is generally considered an application logic error: an effect of the child sent \
        an action after the child was dismissed, or an action was sent to a dismissed child.
        """
      )
      return .none
    }
    guard let component = self.presentation(in: &state) else { return .none }
    let presentationActionPath = self.presentationActionPath
    return effect._map { presentationActionPath.embed(.presented($0)) }
      .scoped(to: component)
  }
}

/// Whether presented `state` is dismissed after any of its actions: alert-like state, or an
/// enum destination whose current case holds such state.
@usableFromInline
func isEphemeral<State>(_ state: State) -> Bool {
  if State.self is any _EphemeralState.Type { return true }
  return (state as? any CaseReducerState)?._$isEphemeral ?? false
}

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
    let before = self.presented(in: &state)
    let presentationAction = self.presentationActionPath.extract(from: action)

    var destinationEffects = Effect<Base.Action>.none
    if case let .presented(destinationAction)? = presentationAction {
      destinationEffects = self.reduceDestination(
        action: destinationAction, presentedAt: before, in: &state)
    }
    let baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
    // Which child is presented now, kept up to date by the dismissals below.
    var after = self.presented(in: &state)

    switch presentationAction {
    case .dismiss?:
      if before != nil {
        state[keyPath: self.toPresentationState].wrappedValue = nil
        after = nil
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
      if before != nil, after == before,
        let presented = self.presentationState.read(&state, { $0.wrappedValue }),
        isEphemeral(presented)
      {
        state[keyPath: self.toPresentationState].wrappedValue = nil
        after = nil
      }
    case nil:
      break
    }

    var effects = destinationEffects.merge(with: baseEffects)
    guard before != after else { return effects }
    if let before {
      // The child went away or was replaced: its effects go with it.
      effects = effects.merge(with: .cancelChild(at: self.component(of: before)))
    }
    if let after {
      // While presented, the child can dismiss itself: this effect waits for it to.
      let listener = Effect.dismissListener(sending: self.presentationActionPath.embed(.dismiss))
      effects = effects.merge(with: listener.scoped(to: self.component(of: after)))
    }
    return effects
  }

  /// Which child is presented, or `nil` when none is: its state's identity, when it has one, so
  /// replacing the child counts as a new presentation. Compared on every action; the child's
  /// place in navigation (``component(of:)``) is made only to run the child's reducer and when
  /// an effect needs it.
  @inlinable
  func presented(in state: inout Base.State) -> _PresentedChild? {
    // Read in place: while nothing is presented (most actions), this is all it costs.
    let identity = self.presentationState.read(&state) { presentation in
      presentation.wrappedValue.map { ($0 as? any ObservableState)?._$id }
    }
    return identity.map(_PresentedChild.init(identity:))
  }

  /// The place in navigation of the child `presented`: the key path plus its identity.
  @inlinable
  func component(of presented: _PresentedChild) -> NavigationComponent {
    NavigationComponent(
      keyPath: self.toPresentationState, id: presented.identity.map { AnyHashableSendable($0) })
  }

  /// Runs the destination on `destinationAction`, while `presented` is presented (the child
  /// before the action; `nil` reports the action).
  @inlinable
  func reduceDestination(
    action destinationAction: Destination.Action, presentedAt presented: _PresentedChild?,
    in state: inout Base.State
  ) -> Effect<Base.Action> {
    let effect = presented.flatMap { presented in
      withNavigationComponent(self.component(of: presented)) {
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
    if case .none = effect.operation { return .none }
    guard let presented = self.presented(in: &state) else { return .none }
    let presentationActionPath = self.presentationActionPath
    return effect._map { presentationActionPath.embed(.presented($0)) }
      .scoped(to: self.component(of: presented))
  }
}

/// The child a presentation reducer presents, told apart from another by its state's identity
/// (`nil` for state without one, which counts as the same child while it is presented).
@usableFromInline
struct _PresentedChild: Equatable {
  @usableFromInline let identity: ObservableStateID?

  @usableFromInline
  init(identity: ObservableStateID?) {
    self.identity = identity
  }
}

/// Whether presented `state` is dismissed after any of its actions: alert-like state, or an
/// enum destination whose current case holds such state.
///
/// Inlined where the state's type is known, both tests are resolved when compiling: for most
/// destinations this is `false`, with no conformance lookup at run time.
@inlinable
func isEphemeral<State>(_ state: State) -> Bool {
  if State.self is any _EphemeralState.Type { return true }
  return (state as? any CaseReducerState)?._$isEphemeral ?? false
}

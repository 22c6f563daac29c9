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
  /// The child runs before this reducer; `.dismiss` sets the state to `nil` after it (unless
  /// this reducer presented another child meanwhile). While presented, however it was
  /// presented, the child can dismiss itself from an effect with `@Dependency(\.dismiss)`.
  /// Alert-like (ephemeral) state is dismissed after any of its actions. The child's effects
  /// are cancelled when it goes away or is replaced by a child of another identity (see
  /// ``_NavigationIdentity``), even by another reducer.
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
      toPresentationAction: CaseLookup(toPresentationAction),
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
      toPresentationAction: CaseLookup(toPresentationAction),
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
      toPresentationAction: CaseLookup(toPresentationAction),
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
  /// Where the reducer was made, boxed: it is read only to report a mistake, and a smaller
  /// reducer is cheaper to pass around.
  @usableFromInline let locationBox: _SourceLocationBox
  @usableFromInline let presentationState:
    _FieldAccess<Base.State, PresentationState<Destination.State>>
  /// How a presented child is told apart from another (see ``_NavigationIdentity``).
  @usableFromInline let stateInfo: _NavigationStateInfo
  /// Whether the child's state is observable, so that it has an observable identity.
  @usableFromInline let hasStateKey: Bool

  @inlinable
  init(
    base: Base,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: CaseLookup<Base.Action, PresentationAction<Destination.Action>>,
    destination: Destination,
    location: SourceLocation
  ) {
    self.base = base
    self.toPresentationState = toPresentationState
    self.presentationActionPath = toPresentationAction
    self.destination = destination
    self.locationBox = _SourceLocationBox(location)
    self.presentationState = _FieldAccess(toPresentationState)
    self.stateInfo = .of(Destination.State.self)
    self.hasStateKey = Destination.State.self is any ObservableState.Type
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let presentationAction = self.presentationActionPath.extract(from: action)
    // Most actions arrive while the child this reducer saw last time is still presented,
    // mutated in place since: it is told apart by its observable identity alone, without
    // working identities out or comparing them.
    let isDismissal = if case .dismiss? = presentationAction { true } else { false }
    if !isDismissal, let known = self.knownPresentedChild(in: &state) {
      var destinationEffects = Effect<Base.Action>.none
      if case let .presented(destinationAction)? = presentationAction {
        let effect = self.runDestination(
          action: destinationAction, presentedKey: known.key, in: &state)
        // The child's usual `.none` is left there, without passing `known` on (which retains
        // it).
        let isNone = if let effect, case .none = effect.operation { true } else { false }
        if !isNone {
          destinationEffects = self.presentedEffects(effect, of: known, action: destinationAction)
        }
      }
      let baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
      let effects = destinationEffects.merge(with: baseEffects)
      // Still the child recorded, mutated in place: there is nothing to record or cancel,
      // unless it is alert-like state that its own action dismisses. Otherwise the parent
      // replaced or removed it, and identities are worked out as for any other action.
      if self.isPresented(known, in: &state) {
        guard case let .presented(destinationAction)? = presentationAction,
          self.isDismissed(in: &state, after: destinationAction)
        else { return effects }
      }
      return self.finishReducing(
        action: action, presentationAction: presentationAction, presentedBefore: known,
        effects: effects, in: &state)
    }

    let before = self.presented(in: &state)
    var destinationEffects = Effect<Base.Action>.none
    if case let .presented(destinationAction)? = presentationAction {
      destinationEffects = self.reduceDestination(
        action: destinationAction, presentedAt: before, in: &state)
    }
    let baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
    return self.finishReducing(
      action: action, presentationAction: presentationAction, presentedBefore: before,
      effects: destinationEffects.merge(with: baseEffects), in: &state)
  }

  /// After the child and the parent ran: dismisses the child when `presentationAction` does,
  /// and records which child is presented now, cancelling the effects of the ones that went
  /// away. `before` is the child presented when the action arrived. Inlinable, so that it is
  /// compiled for the reducer's types: run unspecialised, it looks their metadata up at run time.
  @inlinable
  func finishReducing(
    action: Base.Action, presentationAction: PresentationAction<Destination.Action>?,
    presentedBefore before: _NavigationIdentity?, effects: Effect<Base.Action>,
    in state: inout Base.State
  ) -> Effect<Base.Action> {
    // Which child is presented now, kept up to date by the dismissals below.
    var after = self.presented(in: &state)

    switch presentationAction {
    case .dismiss?:
      if before == nil {
        self.reportAbsentDestination(action: action)
      } else if after == before {
        // Only the child the action was for: not one the parent presented in its place. (In
        // place, reported to observation as the field's setter does, not through the key path's
        // write-back.)
        self.presentationState.modify(&state) { $0.wrappedValue = nil }
        after = nil
      }
    case let .presented(destinationAction)?:
      if before != nil, after == before,
        self.isDismissed(in: &state, after: destinationAction)
      {
        self.presentationState.modify(&state) { $0.wrappedValue = nil }
        after = nil
      }
    case nil:
      break
    }

    // The child this reducer saw presented last time: another reducer may have removed or
    // replaced it since.
    let known = self.presentationState.read(&state) { $0.presentedID }
    guard before != after || known != after || known?.key != after?.key else { return effects }
    return self.updatePresentedChild(
      from: known, before: before, to: after, in: &state, effects: effects)
  }

  /// The child this reducer recorded as presented last time (``PresentationState/presentedID``)
  /// when it is still the one presented, mutated in place since (its observable identity is the
  /// one recorded); `nil` when nothing is presented, or another child, or none was recorded.
  @inlinable
  func knownPresentedChild(in state: inout Base.State) -> _NavigationIdentity? {
    let hasIdentity = self.stateInfo.hasIdentity
    return self.presentationState.withAddress(in: &state) { presentation in
      guard let known = presentation.pointee.presentedID,
        presentation.pointee.isPresenting(known, hasIdentity: hasIdentity)
      else { return nil }
      return known
    }
  }

  /// Whether `known`, which ``knownPresentedChild(in:)`` returned, is still recorded and
  /// presented.
  @inlinable
  func isPresented(_ known: _NavigationIdentity, in state: inout Base.State) -> Bool {
    let hasIdentity = self.stateInfo.hasIdentity
    return self.presentationState.withAddress(in: &state) { presentation in
      presentation.pointee.presentedID === known
        && presentation.pointee.isPresenting(known, hasIdentity: hasIdentity)
    }
  }

  /// Which child is presented, or `nil` when none is: its identity (see
  /// ``_NavigationIdentity``), so replacing the child with another one counts as a new
  /// presentation. Compared on every action; the child's place in navigation
  /// (``component(of:)``) is made only to run the child's reducer and when an effect needs it.
  @inlinable
  func presented(in state: inout Base.State) -> _NavigationIdentity? {
    // Read in place: while nothing is presented (most actions), this is all it costs.
    guard self.stateInfo.hasIdentity else {
      // Children told apart by nothing: whether one is presented is all there is to know.
      let isPresented = self.presentationState.read(&state) { presentation in
        presentation.withPresentedState { $0 != nil }
      }
      return isPresented ? self.stateInfo.plain : nil
    }
    // The child the reducer saw last time, mutated in place since, is the same child: its
    // observable identity is still the one remembered. (The closures capture nothing.)
    let (isPresented, known) = self.presentationState.read(&state) {
      presentation -> (Bool, _NavigationIdentity?) in
      presentation.withPresentedState { child in
        guard let child else { return (false, nil) }
        guard let key = observableStateKey(at: child), let known = presentation.presentedID,
          known.key == key
        else { return (true, nil) }
        return (true, known)
      }
    }
    guard isPresented else { return nil }
    return known ?? self.identityOfPresentedChild(in: &state)
  }

  /// The identity of the presented child, worked out from its value: for a child presented or
  /// replaced since the reducer last saw it.
  @usableFromInline
  func identityOfPresentedChild(in state: inout Base.State) -> _NavigationIdentity? {
    let stateInfo = self.stateInfo
    return self.presentationState.read(&state) { presentation in
      presentation.withPresentedState { child in
        child.map { stateInfo.identity(of: $0.pointee, key: observableStateKey(at: $0)) }
      }
    }
  }

  /// Records that `after` is presented, cancelling the effects of the children that went away:
  /// the one this reducer saw last time (`known`) and the one presented when the action arrived
  /// (`before`), unless it is still the one presented. Inlinable, so that it is compiled for the
  /// reducer's types: it runs on every presentation and dismissal.
  @inlinable
  func updatePresentedChild(
    from known: _NavigationIdentity?, before: _NavigationIdentity?, to after: _NavigationIdentity?,
    in state: inout Base.State, effects: Effect<Base.Action>
  ) -> Effect<Base.Action> {
    var effects = effects
    if let known, known != after {
      effects = effects.merge(with: .cancelChild(at: self.component(of: known)))
    }
    if let before, before != after, before != known {
      effects = effects.merge(with: .cancelChild(at: self.component(of: before)))
    }
    // Also when the child was replaced by one with the same identity, so that its value's
    // observable identity is the one remembered.
    if known != after || known?.key != after?.key {
      self.presentationState.modify(&state) { $0.presentedID = after }
    }
    return effects
  }

  /// The place in navigation of the child `presented`: the key path plus its identity.
  @inlinable
  func component(of presented: _NavigationIdentity) -> NavigationComponent {
    NavigationComponent(
      keyPath: self.toPresentationState,
      id: presented.isPlain ? nil : AnyHashableSendable(presented))
  }

  /// Whether the presented child is dismissed after `action` (see
  /// ``isDismissed(_:after:)``).
  @inlinable
  func isDismissed(in state: inout Base.State, after action: Destination.Action) -> Bool {
    guard self.stateInfo.mayBeEphemeral else { return false }
    return self.presentationState.read(&state) { presentation in
      presentation.wrappedValue.map { self.isDismissed($0, after: action) } ?? false
    }
  }

  /// Whether presented `state` is dismissed after `action`: alert-like state, or an enum
  /// destination whose current case holds such state and `action` is for it.
  ///
  /// Inlined where the state's type is known, the first two tests are resolved when compiling.
  @inlinable
  func isDismissed(_ state: Destination.State, after action: Destination.Action) -> Bool {
    if Destination.State.self is any _EphemeralState.Type { return true }
    if let state = state as? any CaseReducerState { return state._$isEphemeral }
    return self.stateInfo.isDismissed(state, after: action)
  }

  /// Runs the destination on `destinationAction`, while `presented` is presented (the child
  /// before the action; `nil` reports the action).
  @inlinable
  func reduceDestination(
    action destinationAction: Destination.Action, presentedAt presented: _NavigationIdentity?,
    in state: inout Base.State
  ) -> Effect<Base.Action> {
    guard let presented else {
      return self.presentedEffects(nil, of: nil, action: destinationAction)
    }
    let effect = self.runDestination(
      action: destinationAction, presentedKey: presented.key, in: &state)
    return self.presentedEffects(effect, of: presented, action: destinationAction)
  }

  /// Runs the destination on the presented child's state, whose observable identity before the
  /// action is `presentedKey` (`nil`: read it); `nil` when nothing is presented.
  @inlinable
  func runDestination(
    action destinationAction: Destination.Action, presentedKey: StateIdentityKey?,
    in state: inout Base.State
  ) -> Effect<Destination.Action>? {
    guard self.hasStateKey else {
      return withPresentedReducer {
        self.presentationState.modify(&state) {
          self.reduceChild(&$0, action: destinationAction)
        }
      }
    }
    // The child is changed inside, which notifies its own fields' observers; the field's
    // observers need to hear only of a child replaced by another (its reducer assigned a new
    // value), which its observable identity, read where the child is stored before and after
    // its reducer runs, tells. (`.plain` identities carry no key.)
    var isReplaced = false
    let effect = withPresentedReducer {
      self.presentationState.modifyUnreported(&state) { presentation in
        let before =
          presentedKey
          ?? presentation.withPresentedState {
            $0.flatMap(observableStateKey(at:))
          }
        let effect = self.reduceChild(&presentation, action: destinationAction)
        let after = presentation.withPresentedState {
          $0.flatMap(observableStateKey(at:))
        }
        isReplaced = before != after
        return effect
      }
    }
    if isReplaced {
      self.presentationState.reportReplaced(&state)
    }
    return effect
  }

  /// The parent's effects for `effect`, which the destination returned for `destinationAction`
  /// while `presented` was presented: scoped to it (cancelled when it goes away, dismissing it
  /// with `@Dependency(\.dismiss)`). No effect (nothing was presented) reports the action.
  @inlinable
  func presentedEffects(
    _ effect: Effect<Destination.Action>?, of presented: _NavigationIdentity?,
    action destinationAction: Destination.Action
  ) -> Effect<Base.Action> {
    guard let effect, let presented else {
      self.reportAbsentDestination(
        action: self.presentationActionPath.embed(.presented(destinationAction)))
      return .none
    }
    if case .none = effect.operation { return .none }
    let presentationActionPath = self.presentationActionPath
    return effect._map { presentationActionPath.embed(.presented($0)) }
      .scoped(
        to: self.component(of: presented),
        dismissAction: presentationActionPath.embed(.dismiss))
  }

  /// Runs the destination on the presented child's state with `action`; `nil` when nothing is
  /// presented.
  @inlinable
  func reduceChild(
    _ presentation: inout PresentationState<Destination.State>, action: Destination.Action
  ) -> Effect<Destination.Action>? {
    guard presentation.wrappedValue != nil else { return nil }
    return self.destination._reduce(
      into: &presentation.wrappedValue!, action: action, bodyCache: self.destinationBody)
  }

  /// Reports a presentation action (`.presented` or `.dismiss`) received while nothing was
  /// presented.
  @usableFromInline
  func reportAbsentDestination(action: Base.Action) {
    self.locationBox.location.report(
      """
      An "ifLet" at "\(self.locationBox.location)" received a presentation action when destination \
      state was absent. …

        Action:
          \(debugCaseOutput(action))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer set destination state to "nil" before this reducer ran. This reducer \
      must run before any other reducer sets destination state to "nil". This ensures that \
      destination reducers can handle their actions while their state is still present.

      • This action was sent to the store while destination state was "nil". Make sure that \
      actions for this reducer can only be sent from a store when state is present, or \
      from effects that start from this reducer. In SwiftUI applications, use a Composable \
      Architecture view modifier like "sheet(store:…)".
      """
    )
  }
}

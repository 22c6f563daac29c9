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
  /// An element's action runs its destination before this reducer. `popFrom` is applied after
  /// this reducer ran, so it sees the element one last time; `push` before, so it sees the
  /// element it is given. Popping an element (or removing it any other way, even from another
  /// reducer) cancels its effects. While on the stack, an element can pop itself with
  /// `@Dependency(\.dismiss)`. An action for an id that is not in the stack is reported as an
  /// issue and ignored.
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
      toStackAction: CaseLookup(toStackAction),
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
      toStackAction: CaseLookup(toStackAction),
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
    toStackAction: CaseLookup<Base.Action, StackAction<Destination.State, Destination.Action>>,
    destination: Destination,
    location: SourceLocation
  ) {
    self.base = base
    self.toStackState = toStackState
    self.stackActionPath = toStackAction
    self.destination = destination
    self.location = location
    self.stackState = _FieldAccess(toStackState)
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let idsBefore = self.stackState.read(&state) { $0.ids }
    let stackAction = self.stackActionPath.extract(from: action)

    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>
    switch stackAction {
    case let .element(id, elementAction)?:
      destinationEffects = self.reduceElement(id: id, action: elementAction, in: &state)
      baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)

    case let .popFrom(id)?:
      // The parent sees the element one last time before it goes.
      let canPop = idsBefore.contains(id)
      baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
      if canPop {
        self.stackState.modify(&state) { $0.pop(from: id) }
      } else {
        self.reportMissingPop(id: id, in: &state)
      }

    case let .push(id, elementState)?:
      if idsBefore.contains(id) {
        self.reportPush(id: id, in: &state, reason: .alreadyContained)
      } else {
        // Read once, not through `@Dependency`, which merges dictionaries and projects a key
        // path on every read.
        let dependencies = DependencyValues._current
        let generator = dependencies.stackElementID
        let isTesting = dependencies.context == .test
        if isTesting {
          self.checkPushedID(id, in: &state, expected: generator.peek())
        }
        self.stackState.modify(&state) {
          $0.append(elementState, id: id, generator: generator, isTesting: isTesting)
        }
      }
      // The parent sees the element it is given.
      baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)

    case nil:
      baseEffects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
    }

    let effects = destinationEffects.merge(with: baseEffects)
    // Most actions leave the stack's ids as they were, and as this reducer last saw them:
    // compared where they are stored, without copying them out.
    let isUnchanged = self.stackState.withAddress(in: &state) { stack in
      stack.pointee.elements.keys.isSameStorage(as: idsBefore)
        && stack.pointee.mountedIDs.isSameStorage(as: idsBefore)
    }
    guard !isUnchanged else { return effects }
    let (idsAfter, mounted) = self.stackState.read(&state) { ($0.ids, $0.mountedIDs) }
    return self.unmountRemovedElements(
      mounted: mounted, before: idsBefore, after: idsAfter, in: &state, effects: effects)
  }

  /// Cancels the effects of the elements that left the stack: those this reducer saw last time
  /// (another reducer may have removed them since) and those there when the action arrived; then
  /// records the elements now on the stack.
  @inlinable
  func unmountRemovedElements(
    mounted: OrderedSet<StackElementID>, before: OrderedSet<StackElementID>,
    after: OrderedSet<StackElementID>, in state: inout Base.State, effects: Effect<Base.Action>
  ) -> Effect<Base.Action> {
    var effects = effects
    for id in mounted where !after.contains(id) {
      effects = effects.merge(with: .cancelChild(at: self.navigationComponent(for: id)))
    }
    // Usually the same ids as `mounted`, already looked at.
    if !before.isSameStorage(as: mounted) {
      for id in before where !after.contains(id) && !mounted.contains(id) {
        effects = effects.merge(with: .cancelChild(at: self.navigationComponent(for: id)))
      }
    }
    if !mounted.isSameStorage(as: after) {
      self.stackState.modify(&state) { $0.mountedIDs = after }
    }
    return effects
  }

  /// In tests, a pushed id must be the next one the stack would make (`expected`) or one made
  /// before: an id further ahead is reported, as it would clash with elements appended later.
  @usableFromInline
  func checkPushedID(_ id: StackElementID, in state: inout Base.State, expected: StackElementID) {
    guard id > expected else { return }
    self.location.report(
      """
      A "forEach" at "\(self.location)" received a "push" action with an unexpected \
      generational ID. …

        Received ID:
          \(id)
        Expected ID:
          \(expected)
      """
    )
  }

  /// Why a push was not applied.
  @usableFromInline
  enum PushIssue {
    case alreadyContained
  }

  /// Reports a push of an element the stack already contains.
  @usableFromInline
  func reportPush(id: StackElementID, in state: inout Base.State, reason: PushIssue) {
    let ids = self.stackState.read(&state) { $0.ids }
    self.location.report(
      """
      A "forEach" at "\(self.location)" received a "push" action for an element it already \
      contains. …

        ID:
          \(id)
        Path IDs:
          \(ids)
      """
    )
  }

  /// Reports a `popFrom` for an id that is not in the stack.
  @usableFromInline
  func reportMissingPop(id: StackElementID, in state: inout Base.State) {
    let ids = self.stackState.read(&state) { $0.ids }
    self.location.report(
      """
      A "forEach" at "\(self.location)" received a "popFrom" action for a missing element. …

        ID:
          \(id)
        Path IDs:
          \(ids)
      """
    )
  }

  @inlinable
  func reduceElement(
    id: StackElementID, action elementAction: Destination.Action, in state: inout Base.State
  ) -> Effect<Base.Action> {
    // An element's reducer changes the element in place and cannot change the stack's ids.
    // When elements are observable state, the ids are all that observers of the stack itself
    // compare (observers of an element's fields are notified by the element), so nothing is
    // reported around it; any other element's change is a change of the stack.
    let effect = withPresentedReducer {
      Destination.State.self is any ObservableState.Type
        ? self.stackState.modifyUnreported(&state) {
          self.reduceElement(id: id, action: elementAction, in: &$0)
        }
        : self.stackState.modify(&state) {
          self.reduceElement(id: id, action: elementAction, in: &$0)
        }
    }
    guard let effect else {
      self.reportMissingElement(action: elementAction)
      return .none
    }
    if case .none = effect.operation { return .none }
    let stackActionPath = self.stackActionPath
    return effect._map { stackActionPath.embed(.element(id: id, action: $0)) }
      .scoped(
        to: self.navigationComponent(for: id),
        dismissAction: stackActionPath.embed(.popFrom(id: id)))
  }

  /// Runs the destination on the element `id` of `stack`, looked up once and mutated where it is
  /// stored; `nil` when the stack has no such element.
  @inlinable
  func reduceElement(
    id: StackElementID, action elementAction: Destination.Action,
    in stack: inout StackState<Destination.State>
  ) -> Effect<Destination.Action>? {
    guard let index = stack.elements.index(forKey: id) else { return nil }
    return self.destination._reduce(
      into: &stack.elements.values[index], action: elementAction,
      bodyCache: self.destinationBody)
  }

  /// Reports an element action for an id that is not in the stack.
  @usableFromInline
  func reportMissingElement(action elementAction: Destination.Action) {
    self.location.report(
      """
      A "forEach" at "\(self.location)" received an action for a missing element. …

        Action:
          \(debugCaseOutput(elementAction))

      This is generally considered an application logic error, and can happen for a few reasons:

      • A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element \
      reducers can handle their actions while their state is still available.

      • An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living effect.

      • This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a view store when \
      its state contains an element at this id. In SwiftUI applications, use \
      "NavigationStack.init(path:)" with a binding to a store.
      """
    )
  }

  /// An element's place in navigation, which scopes its effects.
  @inlinable
  func navigationComponent(for id: StackElementID) -> NavigationComponent {
    NavigationComponent(keyPath: self.toStackState, id: AnyHashableSendable(id))
  }
}

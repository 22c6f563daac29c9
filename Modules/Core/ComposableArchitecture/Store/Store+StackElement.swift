import OrderedCollections

extension Store {
  /// The store of the element `\.[id: id]` of a navigation stack, when this is a store of the
  /// stack (`store.scope(state: \.path, action: \.path)`, as `NavigationStack` scopes it) and
  /// `state` and `action` are that element's key paths; `nil` otherwise.
  ///
  /// The element is then read by id and its actions embedded as `.element(id:action:)`,
  /// compiled for its types, instead of through the key paths after every action: a key path
  /// with an argument runs in key path machinery, and a case key path through it embeds through
  /// type-erased values and a dynamic cast. The ids are tried from the top of the stack, where
  /// the element on screen is.
  @inlinable
  func stackElementStore<ElementState, ElementAction>(
    state: KeyPath<State, ElementState?>,
    action: CaseKeyPath<Action, ElementAction>,
    lastState: ElementState
  ) -> Store<ElementState, ElementAction>? {
    guard
      let stack = self
        as? Store<
          StackState<ElementState>, StackAction<ElementState, ElementAction>
        >
    else { return nil }
    for id in stack.withState(\.ids).reversed() {
      let elementState: AnyKeyPath = \StackState<ElementState>.[id: id]
      guard elementState == state else { continue }
      let elementAction: AnyKeyPath = \Case<StackAction<ElementState, ElementAction>>.[id: id]
      guard elementAction == action else { return nil }
      return stack.elementStore(id: id, lastState: lastState)
    }
    return nil
  }

  /// The store of the stack element `id`, which keeps the element's last state once it is
  /// popped. Inlinable, so that its closures are compiled for the element's types where the
  /// store is scoped: they run on every action the element sends.
  @inlinable
  func elementStore<ElementState, ElementAction>(
    id: StackElementID, lastState: ElementState
  ) -> Store<ElementState, ElementAction>
  where State == StackState<ElementState>, Action == StackAction<ElementState, ElementAction> {
    let stackReader = self.core.stateReader
    let parentSend = self.core.sendFunction
    return Store<ElementState, ElementAction>(
      core: OptionalScopedCore(
        root: self.core.root,
        refresh: { last in
          var isPresent = false
          stackReader { stack in
            if let element = stack.pointee[id: id] {
              last = element
              isPresent = true
            }
          }
          return isPresent
        },
        parentSend: { parentSend(.element(id: id, action: $0)) },
        initialState: lastState))
  }

  /// The function that embeds the actions of a store scoped with `action` in this store's.
  ///
  /// For the key path of one stack element (`\.path[id: id]`) it puts the element's action in
  /// `.element(id:action:)` and that in the case holding the stack with the generated switch,
  /// compiled for the element's types where the store is scoped; through the key path, each
  /// level would box the action in `Any`. Other key paths go through `CaseLookup`.
  @inlinable
  nonisolated func embedding<ElementState, ElementAction>(
    _ action: CaseKeyPath<Action, ElementAction>, element _: ElementState.Type
  ) -> (ElementAction) -> Action {
    let lookup = CaseLookup(action)
    guard
      lookup.index < 0, lookup.presentedIndex < 0,
      let (index, id) = stackElementCase(of: action, element: ElementState.self)
    else { return { lookup.embed($0) } }
    return { elementAction in
      guard let indexable = Action.self as? any _ReducerAction.Type else {
        return lookup.embed(elementAction)
      }
      let element = StackAction<ElementState, ElementAction>.element(id: id, action: elementAction)
      let embedded = _withUnprotectedUnsafePointer(to: element) { payload in
        _withUnprotectedUnsafeTemporaryAllocation(of: Action.self, capacity: 1) {
          buffer -> Action? in
          let result = buffer.baseAddress!
          guard indexable._$embed(index, payload, into: UnsafeMutableRawPointer(result)) else {
            return nil
          }
          return result.move()
        }
      }
      return embedded ?? lookup.embed(elementAction)
    }
  }
}

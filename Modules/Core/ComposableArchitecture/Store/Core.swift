/// What a store is a view of: the root core that owns state and runs the reducer, or a scoped
/// core that projects a parent core's state and embeds its actions.
@MainActor
@usableFromInline
protocol Core<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  /// The current state, computed from the root on every read.
  var state: State { get }

  /// Sends an action to the root reducer.
  func send(_ action: Action) -> EffectTasks?

  /// The root of the tree, which owns the state.
  var root: any RootCoreProtocol { get }
}

/// The root of a tree of stores, seen without its generic types.
@MainActor
@usableFromInline
protocol RootCoreProtocol: AnyObject {
  /// Registers an observation of "the whole state was replaced" for the current tracking.
  func accessState()
}

/// A core whose state is a part of its parent's, and whose actions embed in its parent's.
@MainActor
@usableFromInline
final class ScopedCore<Base: Core, State, Action>: Core {
  let base: Base
  let toState: KeyPath<Base.State, State>
  let fromAction: (Action) -> Base.Action

  @usableFromInline
  init(
    base: Base, toState: KeyPath<Base.State, State>, fromAction: @escaping (Action) -> Base.Action
  ) {
    self.base = base
    self.toState = toState
    self.fromAction = fromAction
  }

  @usableFromInline
  var state: State {
    self.base.state[keyPath: self.toState]
  }

  @usableFromInline
  func send(_ action: Action) -> EffectTasks? {
    self.base.send(self.fromAction(action))
  }

  @usableFromInline
  var root: any RootCoreProtocol {
    self.base.root
  }
}

/// A core for an optional part of its parent's state, made while that part was present.
///
/// When the part becomes `nil` the core keeps answering with the last value it saw, so a view
/// that still holds the store while it goes away does not crash.
@MainActor
@usableFromInline
final class OptionalScopedCore<Base: Core, State, Action>: Core {
  let base: Base
  let toState: KeyPath<Base.State, State?>
  let fromAction: (Action) -> Base.Action
  private var lastState: State

  @usableFromInline
  init(
    base: Base,
    toState: KeyPath<Base.State, State?>,
    fromAction: @escaping (Action) -> Base.Action,
    initialState: State
  ) {
    self.base = base
    self.toState = toState
    self.fromAction = fromAction
    self.lastState = initialState
  }

  @usableFromInline
  var state: State {
    if let state = self.base.state[keyPath: self.toState] {
      self.lastState = state
    }
    return self.lastState
  }

  var isPresent: Bool {
    self.base.state[keyPath: self.toState] != nil
  }

  @usableFromInline
  func send(_ action: Action) -> EffectTasks? {
    let task = self.base.send(self.fromAction(action))
    // Remember the state this action produced, in case it removes the child.
    _ = self.state
    return task
  }

  @usableFromInline
  var root: any RootCoreProtocol {
    self.base.root
  }
}

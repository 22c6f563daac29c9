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

  /// Reads the current state in place, for a child core to read its part of its parent's
  /// state without copying the rest.
  var stateReader: StateReader<State> { get }

  /// ``send(_:)`` as a function, for a child core to send its parent actions.
  var sendFunction: @MainActor (Action) -> EffectTasks? { get }

  /// Whether the part of the state this core is a view of is still there: `false` once an
  /// optional part (a presented child, a stack element, a row) is gone.
  var isStatePresent: Bool { get }
}

extension Core {
  @usableFromInline
  var isStatePresent: Bool { true }
}

/// Calls its argument with the address of a core's current state, valid during the call.
@usableFromInline
typealias StateReader<State> = @MainActor (_ body: (UnsafePointer<State>) -> Void) -> Void

/// The root of a tree of stores, seen without its generic types.
@MainActor
@usableFromInline
protocol RootCoreProtocol: AnyObject {
  /// Registers an observation of "the whole state was replaced" for the current tracking.
  func accessState()
  /// The store's running effects.
  var registry: EffectRegistry { get }
}

/// A core whose state is a part of its parent's, and whose actions embed in its parent's.
///
/// It is made where the parent's and the child's types are known (``Store``'s inlinable
/// `scope`), from the parent's functions and the child's projection and embedding, so a send
/// from a store scoped ten levels deep runs ten specialised closures and nothing generic.
@MainActor
@usableFromInline
final class ScopedCore<State, Action>: Core {
  /// The root core, held strongly: the root's send function, which `sendFunction` ends in, does
  /// not keep the root alive (see `RootCore.installSpecializedSend()`).
  @usableFromInline let root: any RootCoreProtocol
  @usableFromInline let stateReader: StateReader<State>
  /// ``state``, compiled for the state's type where the core is made (``Store`` reaches this
  /// core through its protocol, in code not compiled for any type).
  @usableFromInline let stateValue: @MainActor () -> State
  @usableFromInline let sendFunction: @MainActor (Action) -> EffectTasks?

  /// A core for the state at `toState` and the actions of the case `toAction` of `parent`'s.
  @inlinable
  init<ParentState, ParentAction>(
    parent: any Core<ParentState, ParentAction>,
    toState: KeyPath<ParentState, State>,
    toAction: CaseLookup<ParentAction, Action>
  ) {
    // `root` keeps the root core alive, whose send `parentSend` may end in.
    self.root = parent.root
    let reader = childStateReader(of: toState, in: parent.stateReader)
    let parentSend = parent.sendFunction
    self.stateReader = reader
    self.stateValue = {
      var state: State?
      reader { state = $0.pointee }
      return state!
    }
    self.sendFunction = { parentSend(toAction.embed($0)) }
  }

  @usableFromInline
  var state: State {
    self.stateValue()
  }

  @usableFromInline
  func send(_ action: Action) -> EffectTasks? {
    self.sendFunction(action)
  }
}

/// A core for an optional part of its parent's state, made while that part was present.
///
/// When the part becomes `nil` the core keeps answering with the last value it saw, so a view
/// that still holds the store while it goes away does not crash.
@MainActor
@usableFromInline
final class OptionalScopedCore<State, Action>: Core {
  /// The root core, held strongly, for the same reason as ``ScopedCore/root``.
  @usableFromInline let root: any RootCoreProtocol
  /// Copies the part of the parent's state into its argument when it is present, and returns
  /// whether it was; compiled for the state's type where the core is made (this class's own
  /// code is not compiled for any type, and would look up `Optional<State>` on every call).
  let refresh: @MainActor (inout State) -> Bool
  let parentSend: @MainActor (Action) -> EffectTasks?
  private var lastState: State

  @inlinable
  convenience init<ParentState, ParentAction>(
    parent: any Core<ParentState, ParentAction>,
    toState: KeyPath<ParentState, State?>,
    fromAction: @escaping (Action) -> ParentAction,
    initialState: State
  ) {
    // `root` keeps the root core alive, whose send `parentSend` may end in.
    let presentReader = optionalChildStateReader(of: toState, in: parent.stateReader)
    let parentSend = parent.sendFunction
    self.init(
      root: parent.root,
      refresh: { last in
        var isPresent = false
        presentReader {
          if let state = $0.pointee {
            last = state
            isPresent = true
          }
        }
        return isPresent
      },
      parentSend: { parentSend(fromAction($0)) },
      initialState: initialState)
  }

  /// A core reading the part of its parent's state with `presentState`.
  convenience init(
    root: any RootCoreProtocol,
    presentState: @escaping @MainActor () -> State?,
    parentSend: @escaping @MainActor (Action) -> EffectTasks?,
    initialState: State
  ) {
    self.init(
      root: root,
      refresh: { last in
        guard let state = presentState() else { return false }
        last = state
        return true
      },
      parentSend: parentSend, initialState: initialState)
  }

  @usableFromInline
  init(
    root: any RootCoreProtocol,
    refresh: @escaping @MainActor (inout State) -> Bool,
    parentSend: @escaping @MainActor (Action) -> EffectTasks?,
    initialState: State
  ) {
    self.root = root
    self.refresh = refresh
    self.parentSend = parentSend
    self.lastState = initialState
  }

  @usableFromInline
  var state: State {
    _ = self.refresh(&self.lastState)
    return self.lastState
  }

  @usableFromInline
  var isStatePresent: Bool {
    self.refresh(&self.lastState)
  }

  @usableFromInline
  func send(_ action: Action) -> EffectTasks? {
    // The last state is remembered when it is read, as TCA's stores of optional state do: an
    // action that removes the child leaves nothing to remember, and reading the state after
    // every action would cost each send a read through every scope above the child.
    self.parentSend(action)
  }

  @usableFromInline
  var stateReader: StateReader<State> {
    { body in withUnsafePointer(to: self.state) { body($0) } }
  }

  @usableFromInline
  var sendFunction: @MainActor (Action) -> EffectTasks? {
    { self.send($0) }
  }
}

/// How a child core reads the optional state at `keyPath` of its parent's: in place when it is
/// the value of a `@Presents` field of observable state (see `presentedFieldRead(_:)`), as any
/// other state otherwise.
@inlinable
@MainActor
func optionalChildStateReader<ParentState, State>(
  of keyPath: KeyPath<ParentState, State?>, in parentReader: @escaping StateReader<ParentState>
) -> StateReader<State?> {
  if let presented = presentedFieldRead(keyPath) {
    return { body in parentReader { presented($0, body) } }
  }
  return childStateReader(of: keyPath, in: parentReader)
}

/// How a child core reads the state at `keyPath` of its parent's, which `parentReader` reads:
/// in place when it is a tracked field of observable state (see `observedFieldRead(_:)`),
/// through the key path otherwise.
@inlinable
@MainActor
func childStateReader<ParentState, State>(
  of keyPath: KeyPath<ParentState, State>, in parentReader: @escaping StateReader<ParentState>
) -> StateReader<State> {
  if let field = observedFieldRead(keyPath) {
    return { body in parentReader { body(field($0)) } }
  }
  return { body in
    parentReader { parent in
      withUnsafePointer(to: parent.pointee[keyPath: keyPath]) { body($0) }
    }
  }
}

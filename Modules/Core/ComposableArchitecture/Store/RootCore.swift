import Dependencies
import Observation

/// The root of a tree of stores: owns the state, runs the reducer, buffers actions sent while
/// it is reducing, and runs effects.
///
/// The common case of a send (one action, an effect of `.none`) runs in `sendSpecialized`, a
/// closure created where the reducer's concrete type is known (``Store`` and ``TestStore``
/// initialisers are inlinable), so it is compiled specialised for the feature instead of
/// through generic metadata. Everything else (effects, buffered actions) takes the general path.
@MainActor
@usableFromInline
final class RootCore<Root: Reducer>: Core, RootCoreProtocol {
  @usableFromInline typealias State = Root.State
  @usableFromInline typealias Action = Root.Action

  /// The state, in storage the core owns, so reducing mutates it in place without the
  /// exclusivity bookkeeping of a class property.
  @usableFromInline let statePointer: UnsafeMutablePointer<State>
  @usableFromInline let reducer: Root
  /// The root reducer's body, once built (see ``_ReducerBodyCache``).
  @usableFromInline let reducerBody = _ReducerBodyCache.for(Root.self)
  // The mutable properties below are only touched on the main actor, by the core's own methods,
  // never while another access to the same property is in progress, so they opt out of the
  // dynamic exclusivity checks that would otherwise run on every send.

  /// The dependencies every reduce runs with.
  @usableFromInline @exclusivity(unchecked) var dependencies: DependencyValues
  /// The store's running effects, by cancellation id.
  @usableFromInline let registry: EffectRegistry

  @usableFromInline @exclusivity(unchecked) var bufferedActions: [Action] = []
  @usableFromInline @exclusivity(unchecked) var isSending = false
  @usableFromInline let identity: (UnsafeRawPointer) -> StateIdentityKey?
  /// The send, compiled for the concrete reducer; installed by ``installSpecializedSend()``.
  /// It is typed `@MainActor`, like its caller, so calling it needs no dynamic isolation check.
  @usableFromInline @exclusivity(unchecked) var sendSpecialized:
    (@MainActor (Action) -> EffectTasks?)?
  private let observation = StateObservation()
  /// Whether any store of this tree has had its state read; until then nobody can be observing
  /// it, and sends skip the whole-state check.
  @usableFromInline @exclusivity(unchecked) var hasStateReaders = false
  /// The identity of the state when it was last checked (when it was first read, and after
  /// each send since), to tell whether a send replaced the state as a whole.
  @usableFromInline @exclusivity(unchecked) var lastIdentity: StateIdentityKey?

  @inlinable
  init(initialState: State, reducer: Root, dependencies: DependencyValues) {
    let registry = EffectRegistry()
    var dependencies = dependencies
    dependencies.effectRegistry = registry
    // Every read of a dependency the store was not given looks up the context first: resolved
    // once here, it is found in the store's own values instead of the process's cache (about
    // half of such a read's cost, e.g. the two a stack's push makes).
    dependencies.context = dependencies.context
    self.statePointer = .allocate(capacity: 1)
    self.statePointer.initialize(to: initialState)
    self.reducer = reducer
    self.dependencies = dependencies
    self.registry = registry
    self.identity = observableStateIdentity(of: State.self)
  }

  isolated deinit {
    self.registry.cancelAll()
    self.statePointer.deinitialize(count: 1)
    self.statePointer.deallocate()
  }

  /// Installs the send compiled for this core's concrete reducer type.
  @inlinable
  func installSpecializedSend() {
    // The closure does not keep `self` alive: it is called through `self` (`send`) or by the
    // scoped cores given it by `sendFunction`, each of which holds `self` strongly (`root`).
    self.sendSpecialized = { [unowned(unsafe) self] action in
      self.sendFast(action)
    }
  }

  @usableFromInline
  var state: State { self.statePointer.pointee }

  @usableFromInline
  var root: any RootCoreProtocol { self }

  @usableFromInline
  var stateReader: StateReader<State> {
    { body in body(self.statePointer) }
  }

  @usableFromInline
  var sendFunction: @MainActor (Action) -> EffectTasks? {
    // The send compiled for the concrete reducer, when installed, without going through
    // `send(_:)`. It does not keep the core alive; the child cores that call it do, through
    // their `root`.
    // Not `??`: through its generic parameter the closure would be wrapped twice more, to and
    // from the most general calling convention, for every send from a scoped store.
    if let sendSpecialized = self.sendSpecialized {
      return sendSpecialized
    }
    return { self.send($0) }
  }

  @usableFromInline
  func accessState() {
    if !self.hasStateReaders {
      self.hasStateReaders = true
      self.lastIdentity = self.identity(UnsafeRawPointer(self.statePointer))
    }
    self.observation.access()
  }

  @usableFromInline
  func send(_ action: Action) -> EffectTasks? {
    if let sendSpecialized = self.sendSpecialized {
      return sendSpecialized(action)
    }
    return self.send(action, into: nil)
  }

  /// Reduces one action; when it returns no effect and sends nothing, that is all there is to
  /// do. Otherwise hands over to the general path.
  @inlinable
  func sendFast(_ action: Action) -> EffectTasks? {
    guard !self.isSending else {
      self.bufferReentrant(action)
      return nil
    }
    self.isSending = true
    let effect = Self.reduce(
      self.reducer, self.reducerBody, self.statePointer, action: action,
      dependencies: self.dependencies)
    if case .none = effect.operation, self.bufferedActions.isEmpty {
      self.isSending = false
      self.notifyIfReplaced()
      return nil
    }
    return self.continueSend(with: effect, into: nil)
  }

  /// Reduces `action`, and every action its synchronous effects send, in order.
  ///
  /// - Parameter tasks: The tasks of the send this action belongs to, when it was sent back by
  ///   an effect; `nil` for a send from outside.
  /// - Returns: A task that waits for the effects started, when this is a send from outside
  ///   that started any.
  func send(_ action: Action, into tasks: EffectTasks?) -> EffectTasks? {
    guard !self.isSending else {
      self.bufferReentrant(action)
      return nil
    }
    self.isSending = true
    let effect = Self.reduce(
      self.reducer, self.reducerBody, self.statePointer, action: action,
      dependencies: self.dependencies)
    return self.continueSend(with: effect, into: tasks)
  }

  /// Keeps an action sent to the store while it is reducing another one (from the reducer
  /// itself, or from code it calls synchronously, such as an observer of the state it changes)
  /// for after that one, and warns: the order of such actions is not defined, as in TCA 1.25.
  /// Actions an effect sends (`.send`, or `send` in `.run`) are not sent this way.
  @usableFromInline
  func bufferReentrant(_ action: Action) {
    self.bufferedActions.append(action)
    #if DEBUG
      reportIssue(
        """
        An action was sent to a store while it was processing another action:

          \(debugCaseOutput(action))

        Sending an action from a reducer, or from code that runs synchronously while a reducer \
        runs (an observer of the state it changes, say), is not supported: the action is \
        processed after the current one. Return an effect instead, such as ".send(…)" or \
        ".run { send in … }".
        """
      )
    #endif
  }

  /// Runs the reducer with the store's dependencies.
  ///
  /// It is `nonisolated` so that the closure it passes to `withValue` is too: a main-actor
  /// closure passed where a plain one is expected is checked at run time for being on the main
  /// actor, which would cost as much as the rest of a simple send.
  @inlinable
  nonisolated static func reduce(
    _ reducer: Root,
    _ reducerBody: _ReducerBodyCache,
    _ statePointer: UnsafeMutablePointer<State>,
    action: Action,
    dependencies: DependencyValues
  ) -> Effect<Action> {
    DependencyValues.$_current.withValue(dependencies) {
      reducer._reduce(into: &statePointer.pointee, action: action, bodyCache: reducerBody)
    }
  }

  /// Starts the effect of the action just reduced, then reduces the buffered actions in order.
  @usableFromInline
  func continueSend(
    with effect: Effect<Action>,
    into tasks: EffectTasks?
  ) -> EffectTasks? {
    var tasks = tasks
    let isOwnSend = tasks == nil
    DependencyValues.$_current.withValue(self.dependencies) {
      self.start(effect, keys: [], tasks: &tasks)
      var index = 0
      while index < self.bufferedActions.count {
        let action = self.bufferedActions[index]
        index += 1
        let effect = self.reducer._reduce(
          into: &self.statePointer.pointee, action: action, bodyCache: self.reducerBody)
        self.start(effect, keys: [], tasks: &tasks)
      }
    }
    self.bufferedActions.removeAll(keepingCapacity: true)
    self.isSending = false
    self.notifyIfReplaced()

    // The send's `StoreTask` waits on these tasks directly; a waiting task of its own is only
    // made if someone asks for `rawValue`.
    guard isOwnSend else { return nil }
    return tasks
  }

  @usableFromInline
  func notifyIfReplaced() {
    guard self.hasStateReaders else { return }
    let identity = self.identity(UnsafeRawPointer(self.statePointer))
    if let identity, identity == self.lastIdentity { return }
    self.lastIdentity = identity
    self.observation.stateWasReplaced()
  }

  /// Starts an effect.
  ///
  /// - Parameters:
  ///   - keys: The cancellation ids the effect's tasks are registered under.
  ///   - tasks: The send's tasks, created when the first task starts.
  private func start(
    _ effect: Effect<Action>,
    keys: [CancellationKey],
    tasks: inout EffectTasks?
  ) {
    var started: [Task<Void, Never>] = []
    self.start(effect, keys: keys, tasks: &tasks, started: &started)
  }

  /// Starts an effect, collecting in `started` the tasks it started itself (what a
  /// concatenation waits for before its next effect).
  private func start(
    _ effect: Effect<Action>,
    keys: [CancellationKey],
    tasks: inout EffectTasks?,
    started: inout [Task<Void, Never>]
  ) {
    switch effect.operation {
    case .none:
      return

    case let .send(action):
      if self.isSending {
        self.bufferedActions.append(action)
      } else {
        _ = self.send(action, into: tasks)
      }

    case let .merge(effects):
      for effect in effects {
        self.start(effect, keys: keys, tasks: &tasks, started: &started)
      }

    case let .cancellable(key, cancelInFlight, effect):
      if cancelInFlight {
        self.registry.cancel(key: key)
      }
      self.start(effect, keys: keys + [key], tasks: &tasks, started: &started)

    case let .cancel(key):
      self.registry.cancel(key: key)

    case let .background(effect):
      // Neither the send's task nor a concatenation waits for background work.
      var backgroundSendTasks: EffectTasks?
      var backgroundTasks: [Task<Void, Never>] = []
      self.start(effect, keys: keys, tasks: &backgroundSendTasks, started: &backgroundTasks)

    case let .observed(onStart, onFinish, effect):
      var effectTasks: [Task<Void, Never>] = []
      self.start(effect, keys: keys, tasks: &tasks, started: &effectTasks)
      started += effectTasks
      onStart(effectTasks)
      if effectTasks.isEmpty {
        onFinish()
      } else {
        Task { @MainActor in
          for task in effectTasks {
            await task.value
          }
          onFinish()
        }
      }

    case let .run(name, priority, operation):
      let sendTasks = tasks ?? EffectTasks()
      tasks = sendTasks
      let registry = self.registry
      let token = registry.makeToken()
      let send = Send<Action> { [weak self] action in
        _ = self?.send(action, into: sendTasks)
      }
      let task = Self.runTask(
        name: name, priority: priority, operation: operation, send: send,
        registry: registry, sendTasks: sendTasks, token: token)
      registry.insert(task, token: token, keys: keys)
      sendTasks.insert(task, token: token)
      started.append(task)

    case let .concatenate(effects):
      var remaining = effects[...]
      while let first = remaining.first, first.isSynchronous {
        self.start(first, keys: keys, tasks: &tasks, started: &started)
        remaining.removeFirst()
      }
      guard !remaining.isEmpty else { return }
      let sendTasks = tasks ?? EffectTasks()
      tasks = sendTasks
      let registry = self.registry
      let token = registry.makeToken()
      let effects = Array(remaining)
      let task = Task { @MainActor [weak self] in
        for effect in effects {
          guard !Task.isCancelled else { break }
          guard let elementTasks = self?.startConcatenated(effect, keys: keys, tasks: sendTasks)
          else { break }
          await withTaskCancellationHandler {
            for task in elementTasks {
              await task.value
            }
          } onCancel: {
            for task in elementTasks {
              task.cancel()
            }
          }
        }
        registry.remove(token: token)
        sendTasks.remove(token: token)
      }
      registry.insert(task, token: token, keys: keys)
      sendTasks.insert(task, token: token)
      started.append(task)
    }
  }

  /// The task of a `.run` effect.
  ///
  /// It is made in a `nonisolated` function so that it starts on the global executor, where
  /// the operation runs anyway, instead of first queueing on the main actor: sends go back to
  /// the main actor through `send`, and the bookkeeping at the end is thread-safe.
  private nonisolated static func runTask(
    name: String?,
    priority: TaskPriority?,
    operation: @escaping @Sendable (Send<Action>) async -> Void,
    send: Send<Action>,
    registry: EffectRegistry,
    sendTasks: EffectTasks,
    token: Int
  ) -> Task<Void, Never> {
    Task(name: name, priority: priority) {
      await operation(send)
      registry.remove(token: token)
      sendTasks.remove(token: token)
    }
  }

  /// Starts one element of a concatenation and returns the tasks to wait for before the next.
  private func startConcatenated(
    _ effect: Effect<Action>,
    keys: [CancellationKey],
    tasks: EffectTasks
  ) -> [Task<Void, Never>] {
    var tasks: EffectTasks? = tasks
    var started: [Task<Void, Never>] = []
    self.start(effect, keys: keys, tasks: &tasks, started: &started)
    return started
  }
}

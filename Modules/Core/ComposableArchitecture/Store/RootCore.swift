import Dependencies
import Observation

/// The root of a tree of stores: owns the state, runs the reducer, buffers actions sent while
/// it is reducing, and runs effects.
@MainActor
final class RootCore<Root: Reducer>: Core, RootCoreProtocol, Observable {
  typealias State = Root.State
  typealias Action = Root.Action

  private(set) var state: State
  let reducer: Root
  /// The dependencies every reduce runs with.
  var dependencies: DependencyValues
  /// The store's running effects, by cancellation id.
  let registry: EffectRegistry

  private var bufferedActions: [Action] = []
  private var isSending = false
  private let identity: (State) -> ObservableStateID?
  private let registrar = ObservationRegistrar()
  /// Observed by every read of a store's state; changes when the whole state is replaced (or
  /// on every send, for state that is not ``ObservableState``).
  private var stateVersion = 0

  init(initialState: State, reducer: Root, dependencies: DependencyValues) {
    let registry = EffectRegistry()
    var dependencies = dependencies
    dependencies.effectRegistry = registry
    self.state = initialState
    self.reducer = reducer
    self.dependencies = dependencies
    self.registry = registry
    self.identity = observableStateIdentity(of: State.self)
  }

  deinit {
    self.registry.cancelAll()
  }

  var root: any RootCoreProtocol { self }

  func accessState() {
    self.registrar.access(self, keyPath: \.stateVersion)
  }

  func send(_ action: Action) -> Task<Void, Never>? {
    self.send(action, into: nil)
  }

  /// Reduces `action`, and every action its synchronous effects send, in order.
  ///
  /// - Parameter tasks: The tasks of the send this action belongs to, when it was sent back by
  ///   an effect; `nil` for a send from outside.
  /// - Returns: A task that waits for the effects started, when this is a send from outside
  ///   that started any.
  func send(_ action: Action, into tasks: EffectTasks?) -> Task<Void, Never>? {
    self.bufferedActions.append(action)
    guard !self.isSending else { return nil }
    self.isSending = true
    var tasks = tasks
    let isOwnSend = tasks == nil
    let identityBefore = self.identity(self.state)
    DependencyValues.$_current.withValue(self.dependencies) {
      var index = 0
      while index < self.bufferedActions.count {
        let action = self.bufferedActions[index]
        index += 1
        let effect = self.reducer.reduce(into: &self.state, action: action)
        self.start(effect, keys: [], tasks: &tasks)
      }
    }
    self.bufferedActions.removeAll(keepingCapacity: true)
    self.isSending = false
    self.notifyIfReplaced(identityBefore: identityBefore)

    guard isOwnSend, let tasks else { return nil }
    return Task {
      await withTaskCancellationHandler {
        await tasks.waitForAll()
      } onCancel: {
        tasks.cancel()
      }
    }
  }

  private func notifyIfReplaced(identityBefore: ObservableStateID?) {
    if let identityBefore, self.identity(self.state) == identityBefore { return }
    self.registrar.withMutation(of: self, keyPath: \.stateVersion) {}
  }

  /// Starts an effect.
  ///
  /// - Parameters:
  ///   - keys: The cancellation ids the effect's tasks are registered under.
  ///   - tasks: The send's tasks, created when the first task starts.
  ///   - started: Collects the tasks this effect itself started, for concatenation.
  private func start(
    _ effect: Effect<Action>,
    keys: [CancellationKey],
    tasks: inout EffectTasks?
  ) {
    var started: [Task<Void, Never>] = []
    self.start(effect, keys: keys, tasks: &tasks, started: &started)
  }

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

    case let .observed(onStart, effect):
      onStart()
      self.start(effect, keys: keys, tasks: &tasks, started: &started)

    case let .run(name, priority, operation):
      let sendTasks = tasks ?? EffectTasks()
      tasks = sendTasks
      let registry = self.registry
      let token = registry.makeToken()
      let task = Task(name: name, priority: priority) { @MainActor [weak self] in
        await operation(
          Send { action in
            _ = self?.send(action, into: sendTasks)
          }
        )
        registry.remove(token: token)
      }
      registry.insert(task, token: token, keys: keys)
      sendTasks.append(task)
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
      }
      registry.insert(task, token: token, keys: keys)
      sendTasks.append(task)
      started.append(task)
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

/// The effects started by one ``Store/send(_:)``.
///
/// Await ``finish()`` to suspend until they have all completed (for example in an async
/// command handler), or ``cancel()`` them.
public struct StoreTask: Hashable, Sendable {
  private enum Storage: Hashable, Sendable {
    case none
    case effects(EffectTasks)
    case task(Task<Void, Never>)
  }

  private let storage: Storage

  /// The task that runs the effects, or `nil` when the action started none.
  ///
  /// The store waits on the effects directly; this task is made the first time it is asked for.
  public var rawValue: Task<Void, Never>? {
    switch self.storage {
    case .none: nil
    case let .effects(effects): effects.waitingTask
    case let .task(task): task
    }
  }

  /// Wraps the task running an action's effects.
  public init(rawValue: Task<Void, Never>?) {
    self.storage = rawValue.map(Storage.task) ?? .none
  }

  init(effects: EffectTasks?) {
    self.storage = effects.map(Storage.effects) ?? .none
  }

  /// Cancels the effects.
  public func cancel() {
    switch self.storage {
    case .none: break
    case let .effects(effects): effects.cancel()
    case let .task(task): task.cancel()
    }
  }

  /// Suspends until the effects have completed; cancelling the waiting task cancels them.
  ///
  /// It runs on the caller's actor, as a wait should: awaiting it from the main actor does not
  /// hop to the global executor and back.
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    switch self.storage {
    case .none: break
    case let .effects(effects): await effects.finish(isolation: isolation)
    case let .task(task): await task.cancellableValue
    }
  }

  /// Whether the effects were cancelled (true when there were none).
  public var isCancelled: Bool {
    switch self.storage {
    case .none: true
    case let .effects(effects): effects.isCancelled
    case let .task(task): task.isCancelled
    }
  }
}

extension EffectTasks: Hashable {
  @usableFromInline
  static func == (lhs: EffectTasks, rhs: EffectTasks) -> Bool { lhs === rhs }

  @usableFromInline
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

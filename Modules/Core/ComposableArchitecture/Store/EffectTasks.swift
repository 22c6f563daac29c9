/// The tasks started, directly or through actions their effects sent back, by one send; the
/// ``StoreTask`` of that send waits for all of them.
///
/// A task stays here until it finishes, so cancelling the send reaches every task still
/// running, including one being waited for.
@usableFromInline
final class EffectTasks: Sendable {
  private struct Storage {
    var tasks: [Int: Task<Void, Never>] = [:]
    var isCancelled = false
    var waitingTask: Task<Void, Never>?
  }

  private let storage = Locked(Storage())

  /// Adds a running task under its registry token; a task added after ``cancel()`` is
  /// cancelled at once.
  func insert(_ task: Task<Void, Never>, token: Int) {
    let isCancelled = self.storage.withLock {
      $0.tasks[token] = task
      return $0.isCancelled
    }
    if isCancelled {
      task.cancel()
    }
  }

  /// Forgets a task that has finished.
  func remove(token: Int) {
    self.storage.withLock { _ = $0.tasks.removeValue(forKey: token) }
  }

  /// Suspends until every task, including ones added while waiting, has finished.
  ///
  /// It runs on the caller's actor (usually the main actor), so waiting costs no hop to the
  /// global executor and back.
  func waitForAll(isolation: isolated (any Actor)? = #isolation) async {
    while let (token, task) = self.storage.withLock({ $0.tasks.first }) {
      await task.value
      self.remove(token: token)
    }
  }

  /// Cancels every task, now and later.
  func cancel() {
    let tasks = self.storage.withLock {
      $0.isCancelled = true
      return Array($0.tasks.values)
    }
    for task in tasks {
      task.cancel()
    }
  }

  /// Whether the send's effects were cancelled.
  var isCancelled: Bool {
    self.storage.withLock { $0.isCancelled }
  }

  /// Waits for every task, on the caller's actor; cancelling the waiting task cancels them.
  func finish(isolation: isolated (any Actor)? = #isolation) async {
    await withTaskCancellationHandler {
      // Capturing `isolation` keeps this closure on the caller's actor too.
      await self.waitForAll(isolation: isolation)
    } onCancel: {
      self.cancel()
    }
  }

  /// A task that waits for every task, made on first use (for ``StoreTask/rawValue``).
  var waitingTask: Task<Void, Never> {
    self.storage.withLock { storage in
      if let task = storage.waitingTask { return task }
      let task = Task { await self.finish() }
      storage.waitingTask = task
      return task
    }
  }
}

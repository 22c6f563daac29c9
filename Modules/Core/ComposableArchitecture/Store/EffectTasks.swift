import Synchronization

/// The tasks started, directly or through actions their effects sent back, by one send; the
/// ``StoreTask`` of that send waits for all of them.
final class EffectTasks: Sendable {
  private struct Storage {
    var tasks: [Task<Void, Never>] = []
    var isCancelled = false
  }

  private let storage = Mutex(Storage())

  /// Adds a task; a task added after ``cancel()`` is cancelled at once.
  func append(_ task: Task<Void, Never>) {
    let isCancelled = self.storage.withLock {
      $0.tasks.append(task)
      return $0.isCancelled
    }
    if isCancelled {
      task.cancel()
    }
  }

  /// Suspends until every task, including ones added while waiting, has finished.
  func waitForAll() async {
    while let task = self.storage.withLock({ $0.tasks.popLast() }) {
      await task.value
    }
  }

  /// Cancels every task, now and later.
  func cancel() {
    let tasks = self.storage.withLock {
      $0.isCancelled = true
      return $0.tasks
    }
    for task in tasks {
      task.cancel()
    }
  }
}

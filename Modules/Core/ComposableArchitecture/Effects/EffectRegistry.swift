import Dependencies

/// The running effects of one store, and the cancellation ids they were started under.
///
/// Each root store owns one registry, so cancellation ids are scoped per store. Effects reach
/// their store's registry through the dependency ``DependencyValues/effectRegistry``, which the
/// store sets while it reduces; code that runs outside any store shares a process-wide one.
public final class EffectRegistry: Sendable {
  private struct Storage {
    var nextToken = 0
    var tasks: [Int: Task<Void, Never>] = [:]
    var keysOfToken: [Int: [CancellationKey]] = [:]
    var tokensOfKey: [CancellationKey: Set<Int>] = [:]
  }

  private let storage = Locked(Storage())

  /// Creates an empty registry.
  public init() {}

  /// Reserves a token for an effect about to start.
  func makeToken() -> Int {
    self.storage.withLock { storage in
      defer { storage.nextToken += 1 }
      return storage.nextToken
    }
  }

  /// Records a running task under its token and cancellation keys.
  ///
  /// A key of a child feature's id is also recorded at each of the child's ancestors (the same
  /// id, scoped to the parent, the grandparent… and the root), so that an ancestor cancelling the
  /// id cancels it in all its descendants, as it would cancel its own effects.
  func insert(_ task: Task<Void, Never>, token: Int, keys: [CancellationKey]) {
    let keys = Self.withAncestors(keys)
    self.storage.withLock {
      $0.tasks[token] = task
      guard !keys.isEmpty else { return }
      $0.keysOfToken[token] = keys
      for key in keys {
        $0.tokensOfKey[key, default: []].insert(token)
      }
    }
  }

  /// `keys`, each followed by its ancestors' keys when it is a child feature's id; unchanged (and
  /// not copied) when none is.
  private static func withAncestors(_ keys: [CancellationKey]) -> [CancellationKey] {
    guard keys.contains(where: \.hasAncestors) else { return keys }
    var expanded: [CancellationKey] = []
    for key in keys {
      expanded.append(key)
      guard key.hasAncestors else { continue }
      var ancestor = key
      while !ancestor.path.path.isEmpty {
        // The path runs from the innermost feature out: dropping its first component gives the
        // parent's.
        ancestor.path.path.removeFirst()
        expanded.append(ancestor)
      }
    }
    return expanded
  }

  /// Forgets a task that has finished.
  func remove(token: Int) {
    self.storage.withLock {
      $0.tasks[token] = nil
      guard let keys = $0.keysOfToken.removeValue(forKey: token) else { return }
      for key in keys {
        $0.tokensOfKey[key]?.remove(token)
        if $0.tokensOfKey[key]?.isEmpty == true {
          $0.tokensOfKey[key] = nil
        }
      }
    }
  }

  /// Cancels every task registered under `key`, and forgets them under all their keys: a
  /// cancelled task is found by no other cancellation while it winds down.
  func cancel(key: CancellationKey) {
    let tasks = self.storage.withLock { storage -> [Task<Void, Never>] in
      guard let tokens = storage.tokensOfKey.removeValue(forKey: key) else { return [] }
      return tokens.compactMap { token in
        for other in storage.keysOfToken.removeValue(forKey: token) ?? [] where other != key {
          storage.tokensOfKey[other]?.remove(token)
          if storage.tokensOfKey[other]?.isEmpty == true {
            storage.tokensOfKey[other] = nil
          }
        }
        return storage.tasks[token]
      }
    }
    for task in tasks {
      task.cancel()
    }
  }

  /// How many tasks are registered: started and not yet finished.
  var runningTaskCount: Int {
    self.storage.withLock { $0.tasks.count }
  }

  /// Cancels every running task.
  public func cancelAll() {
    let tasks = self.storage.withLock { storage -> [Task<Void, Never>] in
      defer {
        storage.tokensOfKey.removeAll()
        storage.keysOfToken.removeAll()
      }
      return Array(storage.tasks.values)
    }
    for task in tasks {
      task.cancel()
    }
  }
}

extension EffectRegistry: DependencyKey {
  /// Outside a store, cancellation ids share one process-wide registry.
  public static let liveValue = EffectRegistry()
  /// Outside a store, cancellation ids share one process-wide registry.
  public static var testValue: EffectRegistry { liveValue }
}

extension DependencyValues {
  /// The registry of the store whose reducer or effect is running.
  public var effectRegistry: EffectRegistry {
    get { self[EffectRegistry.self] }
    set { self[EffectRegistry.self] = newValue }
  }
}

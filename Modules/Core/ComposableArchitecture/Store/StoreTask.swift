/// The effects started by one ``Store/send(_:)``.
///
/// Await ``finish()`` to suspend until they have all completed (for example in an async
/// command handler), or ``cancel()`` them.
public struct StoreTask: Hashable, Sendable {
  /// The task that runs the effects, or `nil` when the action started none.
  public let rawValue: Task<Void, Never>?

  /// Wraps the task running an action's effects.
  public init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Cancels the effects.
  public func cancel() {
    self.rawValue?.cancel()
  }

  /// Suspends until the effects have completed; cancelling the waiting task cancels them.
  public func finish() async {
    await self.rawValue?.cancellableValue
  }

  /// Whether the effects were cancelled (true when there were none).
  public var isCancelled: Bool {
    self.rawValue?.isCancelled ?? true
  }
}

import ComposableArchitecture
import Foundation

/// A gate that holds a client's call until the test opens it, whatever the order in which the
/// call starts waiting and the test opens it: each ``open()`` lets one waiting call through, or
/// the next one to wait. A waiting call throws `CancellationError` when its task is cancelled.
public final class Gate: Sendable {
  /// Creates a closed gate.
  public init() {}

  private let state = LockIsolated(
    (permits: 0, waiters: [UUID: CheckedContinuation<Void, any Error>]()))

  /// Waits until the gate is opened for this call.
  public func wait() async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        state.withValue { (state) -> Void in
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else if state.permits > 0 {
            state.permits -= 1
            continuation.resume()
          } else {
            state.waiters[id] = continuation
          }
        }
      }
    } onCancel: {
      state.withValue { (state) -> Void in
        state.waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
      }
    }
  }

  /// Lets one waiting call through, or the next call to wait.
  public func open() {
    state.withValue { (state) -> Void in
      if let (id, continuation) = state.waiters.first {
        state.waiters[id] = nil
        continuation.resume()
      } else {
        state.permits += 1
      }
    }
  }
}

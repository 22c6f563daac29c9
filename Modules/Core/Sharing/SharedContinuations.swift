import IssueReporting
import Synchronization

/// Hands a loaded value (or an error) back to the shared value that asked for it. Resume it
/// exactly once.
public struct LoadContinuation<Value>: Sendable {
  private let box: ContinuationBox<Value>

  /// A continuation that passes its result to `callback`; `description` names the key in the
  /// issues reported when it is resumed twice or never.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.box = ContinuationBox(description: description, callback: callback)
  }

  /// Resumes with a loaded value.
  public func resume(returning value: Value) {
    resume(with: .success(value))
  }

  /// Resumes with an error: the shared value keeps what it had, and its `loadError` is set.
  public func resume(throwing error: any Error) {
    resume(with: .failure(error))
  }

  /// Resumes with no value: the storage holds none, so the shared value keeps its default.
  public func resumeReturningInitialValue() {
    resume(with: .success(nil))
  }

  /// Resumes with a result.
  public func resume(with result: Result<Value?, any Error>) {
    box.resume(with: result)
  }
}

/// Tells a shared value that a save finished. Resume it exactly once.
public struct SaveContinuation: Sendable {
  private let box: ContinuationBox<Never>

  /// A continuation that passes its result to `callback`.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Never?, any Error>) -> Void
  ) {
    self.box = ContinuationBox(description: description, callback: callback)
  }

  /// Resumes after the value was stored.
  public func resume() {
    box.resume(with: .success(nil))
  }

  /// Resumes with the error that kept the value from being stored: the shared value's
  /// `saveError` is set.
  public func resume(throwing error: any Error) {
    box.resume(with: .failure(error))
  }

  /// Resumes with a result.
  public func resume(with result: Result<Void, any Error>) {
    box.resume(with: result.map { nil })
  }
}

/// Receives the changes a key's storage sees from elsewhere (another process writing a file,
/// another part of the system writing user defaults).
public struct SharedSubscriber<Value>: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void
  private let onLoading: (@Sendable (Bool) -> Void)?

  /// A subscriber that passes each change to `callback`, and loading states to `onLoading`.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.callback = callback
    self.onLoading = onLoading
  }

  /// The storage holds a new value.
  public func yield(_ value: Value) {
    yield(with: .success(value))
  }

  /// The storage is loading (or no longer loading) a value: `isLoading` follows it.
  public func yieldLoading(_ isLoading: Bool = true) {
    onLoading?(isLoading)
  }

  /// The storage no longer holds a value: the shared value goes back to its default.
  public func yieldReturningInitialValue() {
    yield(with: .success(nil))
  }

  /// The storage failed: `loadError` is set and the value is kept.
  public func yield(throwing error: any Error) {
    yield(with: .failure(error))
  }

  /// Yields a result.
  public func yield(with result: Result<Value?, any Error>) {
    callback(result)
  }
}

/// What a key's `subscribe` returns: cancelling it stops the key from following its storage.
public struct SharedSubscription: Sendable {
  private let box: SubscriptionBox

  /// A subscription that runs `cancel` once, when it is cancelled.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.box = SubscriptionBox(cancel)
  }

  /// Stops the subscription; cancelling again does nothing.
  public func cancel() {
    box.cancel()
  }
}

private final class SubscriptionBox: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  init(_ cancel: @escaping @Sendable () -> Void) {
    self.onCancel = Mutex(cancel)
  }

  func cancel() {
    let cancel = onCancel.withLock { cancel -> (@Sendable () -> Void)? in
      defer { cancel = nil }
      return cancel
    }
    cancel?()
  }
}

/// Delivers a continuation's result once, and reports one resumed twice or never (a
/// continuation never resumed delivers "no value", so the shared value stops loading).
private final class ContinuationBox<Value>: Sendable {
  private let description: @Sendable () -> String
  private let callback: Mutex<(@Sendable (Result<Value?, any Error>) -> Void)?>

  init(
    description: @escaping @Sendable () -> String,
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.description = description
    self.callback = Mutex(callback)
  }

  private var name: String {
    let description = self.description()
    return description.isEmpty ? "A shared key" : "'\(description)'"
  }

  private func take() -> (@Sendable (Result<Value?, any Error>) -> Void)? {
    callback.withLock { callback in
      defer { callback = nil }
      return callback
    }
  }

  func resume(with result: Result<Value?, any Error>) {
    guard let callback = take() else {
      reportIssue("\(name) resumed its continuation more than once.")
      return
    }
    callback(result)
  }

  deinit {
    guard let callback = take() else { return }
    reportIssue("\(name) leaked its continuation without resuming it.")
    callback(.success(nil))
  }
}

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
  private let box: SaveContinuationBox

  /// A continuation that passes its result to `callback`.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Never?, any Error>) -> Void
  ) {
    self.box = SaveContinuationBox(
      receiver: ClosureSaveReceiver(description: description, callback: callback))
  }

  /// A continuation that reports to `receiver`: one allocation, made on every write.
  init(receiver: some SaveReceiver) {
    self.box = SaveContinuationBox(receiver: receiver)
  }

  /// Resumes after the value was stored.
  public func resume() {
    box.resume(with: nil)
  }

  /// Resumes with the error that kept the value from being stored: the shared value's
  /// `saveError` is set.
  public func resume(throwing error: any Error) {
    box.resume(with: error)
  }

  /// Resumes with a result.
  public func resume(with result: Result<Void, any Error>) {
    switch result {
    case .success: box.resume(with: nil)
    case .failure(let error): box.resume(with: error)
    }
  }
}

/// What a save continuation reports to: the reference that saved.
protocol SaveReceiver: AnyObject, Sendable {
  /// The key, named in the issues a misused continuation reports.
  var saveDescription: String { get }
  /// The save finished: stored (`nil`) or failed with `error`.
  func saveFinished(error: (any Error)?)
}

/// A ``SaveReceiver`` of closures, for ``SaveContinuation/init(_:callback:)``.
private final class ClosureSaveReceiver: SaveReceiver {
  let description: @Sendable () -> String
  let callback: @Sendable (Result<Never?, any Error>) -> Void

  init(
    description: @escaping @Sendable () -> String,
    callback: @escaping @Sendable (Result<Never?, any Error>) -> Void
  ) {
    self.description = description
    self.callback = callback
  }

  var saveDescription: String { description() }

  func saveFinished(error: (any Error)?) {
    callback(error.map { .failure($0) } ?? .success(nil))
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

/// What a key's `subscribe` returns: cancelling it, or letting go of its last copy, stops the
/// key from following its storage.
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

  // As in swift-sharing, a subscription no one holds any more is cancelled.
  deinit {
    cancel()
  }
}

/// Delivers a continuation's result once, and reports one resumed twice or never (a
/// continuation never resumed delivers "no value", so the shared value stops loading).
private final class ContinuationBox<Value>: Sendable {
  private let description: @Sendable () -> String
  private let callback: @Sendable (Result<Value?, any Error>) -> Void
  private let isResumed = Atomic(false)

  init(
    description: @escaping @Sendable () -> String,
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.description = description
    self.callback = callback
  }

  private var name: String {
    let description = self.description()
    return description.isEmpty ? "A shared key" : "'\(description)'"
  }

  /// Marks the continuation resumed; `false` when it already was.
  private func claim() -> Bool {
    !isResumed.exchange(true, ordering: .acquiringAndReleasing)
  }

  func resume(with result: Result<Value?, any Error>) {
    guard claim() else {
      reportIssue("\(name) tried to resume its continuation more than once.")
      return
    }
    callback(result)
  }

  deinit {
    guard claim() else { return }
    reportIssue(
      """
      \(name) leaked its continuation without one of its resume methods being invoked. This \
      will cause tasks waiting on it to resume immediately.
      """)
    callback(.success(nil))
  }
}

/// ``ContinuationBox`` for saves, which happen on every write: not generic, and reporting to a
/// receiver rather than closures, so that a write allocates one object.
private final class SaveContinuationBox: Sendable {
  private let receiver: any SaveReceiver
  private let isResumed = Atomic(false)

  init(receiver: any SaveReceiver) {
    self.receiver = receiver
  }

  private var name: String {
    let description = receiver.saveDescription
    return description.isEmpty ? "A shared key" : "'\(description)'"
  }

  func resume(with error: (any Error)?) {
    guard !isResumed.exchange(true, ordering: .acquiringAndReleasing) else {
      reportIssue("\(name) tried to resume its continuation more than once.")
      return
    }
    receiver.saveFinished(error: error)
  }

  deinit {
    guard !isResumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    reportIssue(
      """
      \(name) leaked its continuation without one of its resume methods being invoked. This \
      will cause tasks waiting on it to resume immediately.
      """)
    receiver.saveFinished(error: nil)
  }
}

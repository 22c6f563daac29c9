extension Shared where Value: Sendable {
  /// The shared value's changes, for code outside a view: its ``SharedPublisher/values`` is
  /// an asynchronous sequence of the current value and then the value after each change, made
  /// here or by any other holder of the same key (another `@Shared`, a file changed on disk).
  ///
  /// ```swift
  /// @Shared(.currentUser) var user: User?
  ///
  /// for await user in $user.publisher.values {
  ///   // Handle user update
  /// }
  /// ```
  public var publisher: SharedPublisher<Value> {
    SharedPublisher(reference: reference)
  }
}

extension SharedReader where Value: Sendable {
  /// The shared value's changes (see ``Shared/publisher``):
  ///
  /// ```swift
  /// @SharedReader var hapticsEnabled: Bool
  ///
  /// for await hapticsEnabled in $hapticsEnabled.publisher.values {
  ///   // Handle haptics settings change
  /// }
  /// ```
  public var publisher: SharedPublisher<Value> {
    SharedPublisher(reference: reference)
  }
}

/// The changes of a shared value. Where Combine exists, swift-sharing's `publisher` is a
/// Combine publisher; here it is this, and its ``values`` (the spelling Combine's publishers
/// have for their `AsyncSequence`) is what code iterates.
public struct SharedPublisher<Output: Sendable>: Sendable {
  let reference: any SharedReference<Output>

  /// The current value, then the value after each change, until the iterating task is
  /// cancelled. Changes come in the order they were made; none are skipped.
  public var values: AsyncStream<Output> {
    let reference = reference
    return AsyncStream { continuation in
      let subscription = reference.observeChanges { continuation.yield($0) }
      // The stream keeps the storage alive while it is iterated.
      continuation.onTermination = { _ in
        withExtendedLifetime(reference) { subscription.cancel() }
      }
    }
  }
}

import Foundation

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
    SharedPublisher(box: SharedPublisher.Box(shared: box))
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
    SharedPublisher(box: SharedPublisher.Box(reader: box))
  }
}

/// The changes of a shared value. Where Combine exists, swift-sharing's `publisher` is a
/// Combine publisher; here it is this, and its ``values`` (the spelling Combine's publishers
/// have for their `AsyncSequence`) is what code iterates.
public struct SharedPublisher<Output: Sendable>: Sendable {
  let box: Box

  /// The current value, then the value after each change, until the iterating task is
  /// cancelled. Changes come in the order they were made; none are skipped. When the shared
  /// value is given another reference (`$count = …`, `load(_:)`), the stream goes on with it,
  /// from its current value.
  public var values: AsyncStream<Output> {
    let box = box
    return AsyncStream { continuation in
      let following = FollowedReference<Output>()
      let initial = box.reference()
      following.follow(initial) { continuation.yield($0) }
      let handler = box.onReplace { reference in
        following.follow(reference) { continuation.yield($0) }
      }
      // Replaced before the handler was there: follow what is held now.
      let current = box.reference()
      if current !== initial {
        following.follow(current) { continuation.yield($0) }
      }
      // The stream keeps the storage alive while it is iterated.
      continuation.onTermination = { _ in
        box.removeReplacementHandler(handler)
        following.stop()
      }
    }
  }

  /// The box of a `Shared` or a `SharedReader`, seen as the references it holds.
  struct Box: Sendable {
    let reference: @Sendable () -> any SharedReference<Output>
    let onReplace: @Sendable (@escaping @Sendable (any SharedReference<Output>) -> Void) -> Int
    let removeReplacementHandler: @Sendable (Int) -> Void

    init(shared box: SharedBox<any MutableSharedReference<Output>>) {
      self.reference = { box.value }
      self.onReplace = { handler in box.onReplace { handler($0) } }
      self.removeReplacementHandler = { box.removeReplacementHandler($0) }
    }

    init(reader box: SharedBox<any SharedReference<Output>>) {
      self.reference = { box.value }
      self.onReplace = { handler in box.onReplace { handler($0) } }
      self.removeReplacementHandler = { box.removeReplacementHandler($0) }
    }
  }
}

/// The reference a publisher's stream follows, and its subscription, replaced together.
private final class FollowedReference<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var reference: (any SharedReference<Value>)?
  private var subscription: SharedSubscription?
  private var isStopped = false

  /// Follows `reference` instead of the one followed until now.
  func follow(
    _ reference: any SharedReference<Value>, _ yield: @escaping @Sendable (Value) -> Void
  ) {
    let previous = lock.withLock { () -> SharedSubscription? in
      guard !isStopped else { return nil }
      defer { self.reference = reference }
      return subscription
    }
    previous?.cancel()
    let newSubscription = reference.observeChanges(yield)
    let stale = lock.withLock { () -> SharedSubscription? in
      guard !isStopped, self.reference === reference else { return newSubscription }
      subscription = newSubscription
      return nil
    }
    stale?.cancel()
  }

  /// Follows nothing any more.
  func stop() {
    let subscription = lock.withLock { () -> SharedSubscription? in
      isStopped = true
      defer { (self.reference, self.subscription) = (nil, nil) }
      return self.subscription
    }
    subscription?.cancel()
  }
}

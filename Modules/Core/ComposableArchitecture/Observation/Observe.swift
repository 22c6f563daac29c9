import Observation
import Synchronization

/// Runs `apply` now, and again each time observable state it read changes (a store's state, an
/// `@Observable` model), until the returned token is cancelled or released: how code that is not
/// a SwiftUI view (a terminal screen, a controller) keeps itself up to date with a store.
///
/// ```swift
/// let token = observe { [weak self] in
///   self?.countLabel = "\(store.count)"
/// }
/// ```
///
/// `apply` runs again on the main actor shortly after a change, reading the state as it is then;
/// several changes before it runs lead to one run. Only what the last run read is observed.
/// This is the `observe` of Point-Free's swift-navigation, which TCA re-exports.
@MainActor
public func observe(_ apply: @escaping @MainActor @Sendable () -> Void) -> ObserveToken {
  let token = ObserveToken()
  ObservationLoop(apply: apply, token: token).run()
  return token
}

/// A running ``observe(_:)``: cancelling it (or releasing it) stops `apply` from running again.
public final class ObserveToken: Sendable, Hashable {
  private let cancelled = Atomic<Bool>(false)

  /// A token that is not cancelled.
  public init() {}

  deinit {
    self.cancel()
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    self.cancelled.load(ordering: .acquiring)
  }

  /// Stops the observation: `apply` does not run again.
  public func cancel() {
    self.cancelled.store(true, ordering: .releasing)
  }

  /// Keeps the token in `set`, alive as long as the set holds it.
  public func store(in set: inout Set<ObserveToken>) {
    set.insert(self)
  }

  public static func == (lhs: ObserveToken, rhs: ObserveToken) -> Bool {
    lhs === rhs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// Runs an ``observe(_:)``'s `apply` under observation tracking, and again after each change,
/// for as long as its token lives and is not cancelled. The pending change handler holds the
/// loop; the loop holds its token weakly, so releasing the token ends it.
@MainActor
private final class ObservationLoop {
  let apply: @MainActor @Sendable () -> Void
  weak var token: ObserveToken?

  init(apply: @escaping @MainActor @Sendable () -> Void, token: ObserveToken) {
    self.apply = apply
    self.token = token
  }

  func run() {
    guard let token = self.token, !token.isCancelled else { return }
    withObservationTracking {
      self.apply()
    } onChange: {
      Task { @MainActor in self.run() }
    }
  }
}

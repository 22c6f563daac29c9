/// Sends actions from a running effect back into the store, on the main actor.
///
/// ```swift
/// return .run { send in
///   await send(.response(try await client.fetch()))
/// }
/// ```
///
/// Once the effect's task is cancelled, sending does nothing.
@MainActor
public struct Send<Action>: Sendable {
  @usableFromInline
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a sender that hands each action to `send`.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    self.send(action)
  }
}

/// The `Send` of a reducer's actions: `SendOf<Feature>` is `Send<Feature.Action>`.
///
/// ```swift
/// func refresh(_ send: SendOf<Self>) async { await send(.refreshed(…)) }
/// ```
public typealias SendOf<R: Reducer> = Send<R.Action>

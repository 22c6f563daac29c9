import Dependencies

/// Dismisses the feature that calls it, from one of its effects:
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// // …
/// return .run { _ in
///   try await save()
///   await dismiss()
/// }
/// ```
///
/// The presenting reducer then receives `.dismiss` for the child, as if the parent had sent it.
public struct DismissEffect: Sendable {
  /// Dismisses the presented feature whose effect is running.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard !NavigationScope.components.isEmpty else {
      reportIssue(
        """
        A child feature tried to dismiss itself, but it is not presented: "dismiss" was called \
        outside of an effect of a feature presented with "ifLet(_:action:destination:)".
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    DependencyValues._current.effectRegistry.cancel(
      key: CancellationKey(inEffect: PresentationDismissID()), isDismissal: true)
  }
}

/// The id of the effect that waits, while a child is presented, for the child to dismiss itself.
struct PresentationDismissID: Hashable, Sendable {}

extension DismissEffect: DependencyKey {
  public static let liveValue = DismissEffect()
  public static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Lets a presented feature dismiss itself from its effects.
  public var dismiss: DismissEffect {
    get { self[DismissEffect.self] }
    set { self[DismissEffect.self] = newValue }
  }

  /// Whether the code reading it runs in an effect of a presented (or stacked) feature.
  public var isPresented: Bool {
    !NavigationScope.components.isEmpty
  }
}

extension Effect {
  /// The effect a presenting reducer runs while its child is presented: it waits until the
  /// child calls `dismiss()` and then sends `dismissAction`. When the child goes away by other
  /// means, this effect is cancelled with the child's effects and sends nothing.
  ///
  /// It is registered under its cancellation id as soon as it starts, with the reducer's other
  /// effects, so a `dismiss()` from an effect of the child always finds it, even one that runs
  /// before this effect's task has begun.
  @usableFromInline
  static func dismissListener(sending dismissAction: Action) -> Self {
    let dismissAction = UncheckedSendable(dismissAction)
    let listener = Self.run { send in
      // Cancelled by the child's `dismiss()`, or because the child went away.
      try? await Task.never()
      let key = CancellationKey(inEffect: PresentationDismissID())
      guard DependencyValues._current.effectRegistry.takeDismissal(key: key) else { return }
      // The task is cancelled, which a plain `send` would respect.
      await send.send(dismissAction.value)
    }
    // It runs for as long as the child is presented; nobody waits for it (a test's send, a
    // store task), and a test does not need to see it finish.
    return Self(operation: .background(listener.cancellable(id: PresentationDismissID())))
  }
}

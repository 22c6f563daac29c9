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
/// The innermost presented (`ifLet(\.$destination, …)`) or stacked (`forEach(\.path, …)`) feature
/// whose effect calls it is dismissed: its presenting reducer receives `.dismiss` (or
/// `.popFrom(id:)`) from that effect, as if the parent had sent it. This works for any child the
/// presenting reducer runs, however it was presented: by that reducer, by another one, or in the
/// initial state. An effect that was cancelled (its child already went away) dismisses nothing.
public struct DismissEffect: Sendable {
  /// A dismissal provided by hand (`DismissEffect { … }`), used outside any presentation and
  /// in a presented feature it was given to itself (see ``presentationDepth``).
  private let dismiss: (@MainActor @Sendable () -> Void)?
  /// What dismissing the root does where there is one to dismiss: a test store's root reducer
  /// dismisses the test store.
  private let dismissRoot: (@MainActor @Sendable () -> Void)?
  /// The presentation level of the reducer a dismissal given by hand was given to with
  /// `.dependency(\.dismiss, …)` (0: outside any presentation, or given another way). Given to
  /// a presented feature itself, it is the innermost dismissal its effects see, and it wins
  /// over the presenter's, as in TCA.
  private var presentationDepth = 0

  init() {
    self.dismiss = nil
    self.dismissRoot = nil
  }

  /// A dismissal through the navigation that, at the root, runs `dismissRoot`.
  init(dismissingRoot dismissRoot: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = nil
    self.dismissRoot = dismissRoot
  }

  /// A dismissal that runs `dismiss`, for tests of a feature outside of its presenter:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Child.State()) {
  ///   Child()
  /// } withDependencies: {
  ///   $0.dismiss = DismissEffect { isDismissed.setValue(true) }
  /// }
  /// ```
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
    self.dismissRoot = nil
  }

  /// Whether this dismissal was provided by hand (`DismissEffect { … }`).
  var isGivenByHand: Bool { self.dismiss != nil }

  /// Dismisses the presented feature whose effect is running.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let context = NavigationScope.current
    // A presented or stacked feature dismisses itself through its presenter, as in TCA, where
    // the presenting reducer gives its child a `dismiss` of its own; one given by hand serves
    // the features outside any presentation (the root of a test), and a presented feature it
    // was given to with `.dependency(\.dismiss, …)` (the innermost override wins).
    if let dismiss = self.dismiss, self.presentationDepth >= context.presentationDepth {
      await dismiss()
      return
    }
    if context.dismiss == nil, self.dismissRoot != nil, !context.components.isEmpty {
      // A feature a test store's root embeds through a plain `ifLet` or `forEach`, without
      // presenting it, is not the root: as in TCA, its dismissal dismisses nothing. (A `Scope`
      // child is part of the root, and dismisses it.)
      return
    }
    guard let dismiss = context.dismiss ?? self.dismissRoot else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed. …

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application, as well as in a presentation destination, use \
        @Dependency(\\.isPresented) to determine if the reducer is being presented before calling \
        @Dependency(\\.dismiss).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    await dismiss()
  }
}

extension DismissEffect {
  /// Dismisses the presented feature whose effect is running, as
  /// ``callAsFunction(fileID:filePath:line:column:)`` does; the animation is accepted for TCA's
  /// spelling (`await dismiss(animation: .default)`) and ignored, as nothing animates here.
  public func callAsFunction(
    animation: SwiftUIStandIns.Animation?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Dismisses the presented feature whose effect is running, as
  /// ``callAsFunction(fileID:filePath:line:column:)`` does; the transaction is accepted for
  /// TCA's spelling and ignored, as nothing animates here.
  public func callAsFunction(
    transaction: SwiftUIStandIns.Transaction,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension DismissEffect {
  /// The change a `dependency` modifier makes to write `value` at `keyPath`. A dismissal given
  /// by hand is marked, each time the change applies, with the presentation level of the
  /// reducer running it, so that one given to a presented feature itself wins over its
  /// presenter's (see ``callAsFunction(fileID:filePath:line:column:)``).
  @usableFromInline
  static func writing<Value>(
    _ value: Value, at keyPath: WritableKeyPath<DependencyValues, Value>
  ) -> (inout DependencyValues) -> Void {
    guard
      let dismiss = value as? DismissEffect, dismiss.isGivenByHand,
      let keyPath = keyPath as? WritableKeyPath<DependencyValues, DismissEffect>
    else { return { $0[keyPath: keyPath] = value } }
    return { $0[keyPath: keyPath] = dismiss.given(atPresentationDepth: PresentedReducers.depth) }
  }

  /// The change a `dependency` modifier makes to write `value` as the dependency its type
  /// keys, marking a dismissal given by hand as ``writing(_:at:)`` does.
  @usableFromInline
  static func writing<Key: TestDependencyKey>(
    _ value: Key
  ) -> (inout DependencyValues) -> Void where Key.Value == Key {
    guard let dismiss = value as? DismissEffect, dismiss.isGivenByHand else {
      return { $0[Key.self] = value }
    }
    return { $0.dismiss = dismiss.given(atPresentationDepth: PresentedReducers.depth) }
  }

  /// This dismissal, given to a reducer at presentation level `depth`.
  private func given(atPresentationDepth depth: Int) -> Self {
    var dismissal = self
    dismissal.presentationDepth = depth
    return dismissal
  }
}

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

  /// Whether the code reading it runs in a presented (or stacked) feature, or in one that such
  /// a feature embeds, or where a dismissal was given by hand (`DismissEffect { … }`, as a test
  /// of a feature alone gives one): as in TCA, whether ``dismiss`` dismisses something. `false`
  /// at the root and in features the root embeds without presenting them (plain `ifLet`,
  /// `forEach`, `Scope`).
  public var isPresented: Bool {
    self.dismiss.isGivenByHand || NavigationScope.current.dismiss != nil
      || PresentedReducers.isRunning
  }
}

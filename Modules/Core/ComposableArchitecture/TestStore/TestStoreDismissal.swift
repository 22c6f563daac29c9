/// Whether a test store's root reducer dismissed it (`@Dependency(\.dismiss)` outside of any
/// presentation): its effects are cancelled and it takes no more actions.
@MainActor
final class TestStoreDismissal {
  /// Whether the store was dismissed.
  private(set) var isDismissed = false
  /// The store's running effects, cancelled on dismissal.
  var registry: EffectRegistry?

  /// Dismisses the store.
  func dismiss() {
    isDismissed = true
    registry?.cancelAll()
  }
}

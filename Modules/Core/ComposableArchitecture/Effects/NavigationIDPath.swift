/// The position of a child feature in the tree of presented and stacked features, from the
/// root down: the navigation components its effects were scoped to.
///
/// Cancellation ids are scoped by this path, so two instances of a child feature (two stack
/// elements, say) that use the same id do not cancel each other's effects.
@usableFromInline
struct NavigationIDPath: Hashable, Sendable {
  /// The identities of the features, from the innermost out.
  var path: [AnyHashableSendable]

  init(path: [AnyHashableSendable] = []) {
    self.path = path
  }
}

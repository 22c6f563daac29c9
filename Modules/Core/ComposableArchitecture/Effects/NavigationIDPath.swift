import Dependencies

/// The position of a feature in the tree of presented and stacked features.
///
/// Cancellation ids are scoped by this path, so two instances of a child feature (two stack
/// elements, say) that use the same id do not cancel each other's effects.
public struct NavigationIDPath: Hashable, Sendable {
  /// The identities of the features from the root down.
  public var path: [AnyHashableSendable]

  /// Creates a path.
  public init(path: [AnyHashableSendable] = []) {
    self.path = path
  }

  /// This path extended by one more level.
  public func appending(_ id: some Hashable & Sendable) -> Self {
    Self(path: self.path + [AnyHashableSendable(id)])
  }
}

extension NavigationIDPath: DependencyKey {
  public static var liveValue: Self { Self() }
  public static var testValue: Self { Self() }
}

extension DependencyValues {
  /// The navigation path of the feature that is currently reducing; set by navigation
  /// reducers, read by cancellation.
  public var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPath.self] }
    set { self[NavigationIDPath.self] = newValue }
  }
}

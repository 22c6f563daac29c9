/// One target of a package, with what `swift package describe --type json` reports about it.
public struct PackageTarget: Hashable, Sendable, Codable {
  /// The target's name.
  public var name: String
  /// The target's kind.
  public var kind: TargetKind
  /// The target's directory, relative to the package root.
  public var path: String
  /// The targets of the same package this target depends on directly.
  public var targetDependencies: [String]
  /// The products (of other packages) this target depends on directly.
  public var productDependencies: [String]

  /// Creates a target.
  public init(
    name: String,
    kind: TargetKind,
    path: String,
    targetDependencies: [String] = [],
    productDependencies: [String] = []
  ) {
    self.name = name
    self.kind = kind
    self.path = path
    self.targetDependencies = targetDependencies
    self.productDependencies = productDependencies
  }

  /// The group the target is reported in.
  public var category: TargetCategory { kind.category }
}

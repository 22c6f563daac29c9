/// Decides which target, if any, owns a file of the package.
///
/// In order:
/// 1. Documentation — `*.md` files anywhere and everything under `docs/` — affects nothing.
/// 2. Packages of their own nested in the repository that the root does not depend on
///    (`Benchmarks/`) affect no root target.
/// 3. The manifests (`Package.swift`, `Package@swift-*.swift`, `Package.resolved`), CI
///    (`.ci/`) and the tools themselves (`Tooling/`) affect everything.
/// 4. A file inside a target's directory belongs to that target (the deepest directory wins
///    when target directories nest).
/// 5. Any other file is owned by no target and might matter to all of them, so it affects
///    everything.
public struct PathClassifier: Sendable {
  /// Directories whose changes affect every target.
  public static let everythingDirectories = [".ci", "Tooling"]
  /// Directories that hold only documentation.
  public static let documentationDirectories = ["docs"]
  /// Directories holding packages of their own that depend on the root package.
  public static let nestedPackageDirectories = ["Benchmarks"]

  private let targetDirectories: [(path: String, name: String)]

  /// Creates a classifier for the targets of `graph`.
  public init(graph: PackageGraph) {
    targetDirectories = graph.targets
      .map { (path: RepositoryPath.normalized($0.path), name: $0.name) }
      .sorted { $0.path.count > $1.path.count }
  }

  /// The owner of `path`, a path relative to the package root.
  public func owner(of path: String) -> PathOwner {
    let path = RepositoryPath.normalized(path)
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    if fileName.lowercased().hasSuffix(".md")
      || Self.documentationDirectories.contains(where: { RepositoryPath.path(path, isInside: $0) })
    {
      return .documentation
    }
    if let directory = Self.nestedPackageDirectories.first(where: {
      RepositoryPath.path(path, isInside: $0)
    }) {
      return .nestedPackage(directory)
    }
    if path == "Package.swift" || path == "Package.resolved"
      || (path.hasPrefix("Package@swift-") && path.hasSuffix(".swift"))
    {
      return .everything(reason: "\(path) changed (the root manifest)")
    }
    if let directory = Self.everythingDirectories.first(where: {
      RepositoryPath.path(path, isInside: $0)
    }) {
      return .everything(reason: "\(path) changed (\(directory)/ affects every target)")
    }
    if let owner = targetDirectories.first(where: {
      RepositoryPath.path(path, isInside: $0.path)
    }) {
      return .target(owner.name)
    }
    return .everything(reason: "\(path) changed (it belongs to no target)")
  }
}

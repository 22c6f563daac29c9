/// The targets of one package and the dependencies between them.
///
/// Dependencies on products of other packages are kept on each target but are not edges of the
/// graph: nothing in another package can depend back on this one.
public struct PackageGraph: Sendable {
  /// The package's targets, sorted by name.
  public let targets: [PackageTarget]

  private let targetsByName: [String: PackageTarget]
  private let dependentsByName: [String: [String]]

  /// Creates a graph from a package's targets.
  public init(targets: [PackageTarget]) {
    let sorted = targets.sorted { $0.name < $1.name }
    self.targets = sorted
    self.targetsByName = Dictionary(
      sorted.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var dependents: [String: [String]] = [:]
    for target in sorted {
      for dependency in Set(target.targetDependencies) {
        dependents[dependency, default: []].append(target.name)
      }
    }
    self.dependentsByName = dependents
  }

  /// The target named `name`, if the package has one.
  public subscript(name: String) -> PackageTarget? {
    targetsByName[name]
  }

  /// The names of every target.
  public var targetNames: Set<String> {
    Set(targetsByName.keys)
  }

  /// The targets of this package that `name` depends on directly, sorted by name.
  public func dependencies(of name: String) -> [String] {
    guard let target = targetsByName[name] else { return [] }
    return Set(target.targetDependencies).filter { targetsByName[$0] != nil }.sorted()
  }

  /// The targets that depend directly on `name`, sorted by name.
  public func dependents(of name: String) -> [String] {
    dependentsByName[name] ?? []
  }
}

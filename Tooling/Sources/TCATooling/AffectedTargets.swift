/// The targets a set of changed files affects: the targets that own them and every target
/// that depends on those, directly or not.
public struct AffectedTargets: Hashable, Sendable, Codable {
  /// The changed files, relative to the package root, sorted.
  public var changedFiles: [String]
  /// Why every target is affected; empty when only some are.
  public var everythingReasons: [String]
  /// Affected library targets (libraries, macros, plugins), sorted.
  public var libraries: [String]
  /// Affected executable targets, sorted.
  public var executables: [String]
  /// Affected test targets, sorted.
  public var tests: [String]

  /// Computes the targets of `graph` that `changedFiles` affect.
  public init(changedFiles: some Sequence<String>, graph: PackageGraph) {
    let classifier = PathClassifier(graph: graph)
    var owners: Set<String> = []
    var reasons: [String] = []
    let files = Set(changedFiles.map(RepositoryPath.normalized)).filter { !$0.isEmpty }.sorted()
    for file in files {
      switch classifier.owner(of: file) {
      case let .target(name): owners.insert(name)
      case .documentation, .nestedPackage: break
      case let .everything(reason): reasons.append(reason)
      }
    }
    let affected = reasons.isEmpty ? graph.reverseDependencyClosure(of: owners) : graph.targetNames
    self.init(changedFiles: files, everythingReasons: reasons, affected: affected, graph: graph)
  }

  /// Selects every target of `graph`, whatever changed, because of `reason` (for example a
  /// push to `main`, which tests everything).
  public init(everythingIn graph: PackageGraph, reason: String) {
    self.init(
      changedFiles: [], everythingReasons: [reason], affected: graph.targetNames, graph: graph)
  }

  private init(
    changedFiles: [String], everythingReasons: [String], affected: Set<String>,
    graph: PackageGraph
  ) {
    let names = { (category: TargetCategory) in
      graph.targets.filter { $0.category == category && affected.contains($0.name) }.map(\.name)
    }
    self.changedFiles = changedFiles
    self.everythingReasons = everythingReasons
    self.libraries = names(.library)
    self.executables = names(.executable)
    self.tests = names(.test)
  }

  /// Whether every target is affected.
  public var selectsEverything: Bool { !everythingReasons.isEmpty }

  /// Whether no target is affected.
  public var isEmpty: Bool { libraries.isEmpty && executables.isEmpty && tests.isEmpty }

  /// Every affected target, libraries first, then executables, then tests.
  public var all: [String] { libraries + executables + tests }
}

/// The commands that build and test exactly the affected targets of the root package.
public struct AffectedBuildPlan: Hashable, Sendable {
  /// The targets passed to `swift build --target`, one invocation each: the affected library
  /// and executable targets that no other affected one depends on. Building a target builds
  /// what it depends on, so these builds cover every affected library and executable.
  public var buildTargets: [String]
  /// The affected test targets, run with one `TEST_TARGETS=... swift test`.
  public var testTargets: [String]
  /// The affected executables: the composition roots that link the Live targets.
  public var executables: [String]
  /// Extra arguments for each `swift build` and `swift test` (for example a scratch path).
  public var extraArguments: [String]

  /// Plans the builds and test run for `affected` targets of `graph`.
  public init(affected: AffectedTargets, graph: PackageGraph, extraArguments: [String] = []) {
    let buildable = Set(affected.libraries + affected.executables)
    let closures = Dictionary(
      uniqueKeysWithValues: buildable.map { ($0, graph.dependencyClosure(of: $0)) })
    // A target is covered when another affected target depends on it and it does not depend
    // back on that one (targets on a cycle are all built, so the cycle is reported).
    let covered = buildable.filter { target in
      buildable.contains { other in
        other != target && closures[other]!.contains(target) && !closures[target]!.contains(other)
      }
    }
    buildTargets = buildable.subtracting(covered).sorted()
    testTargets = affected.tests.sorted()
    executables = affected.executables.sorted()
    self.extraArguments = extraArguments
  }

  /// One `swift build --target X` command per target in ``buildTargets``.
  public var buildCommands: [[String]] {
    buildTargets.map { ["swift", "build", "--target", $0] + extraArguments }
  }

  /// The `swift test` command line; run it with ``testEnvironment``.
  public var testCommand: [String] {
    ["swift", "test", "--no-parallel"] + extraArguments
  }

  /// The environment for ``testCommand``: `TEST_TARGETS` naming the affected test targets.
  public var testEnvironment: [String: String] {
    [TestTargetsVariable.name: TestTargetsVariable.value(for: testTargets)]
  }
}

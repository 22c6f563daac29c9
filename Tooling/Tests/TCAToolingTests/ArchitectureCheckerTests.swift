import TCATooling
import Testing

struct ArchitectureCheckerTests {
  @Test
  func aWellFormedGraphPasses() throws {
    let checker = ArchitectureChecker(graph: try Fixtures.graph("features"))
    #expect(checker.violations() == [])
    #expect(checker.features.keys.sorted() == ["Counter", "Settings"])
  }

  @Test
  func reportsEveryRuleNamingTheOffendingTargets() throws {
    let violations = ArchitectureChecker(graph: try Fixtures.graph("violations")).violations()
    let found = violations.map { "\($0.rule): \($0.targets.joined(separator: ", "))" }
    #expect(
      found == [
        "interface-depends-on-live: AlphaFeature, AlphaFeatureLive",
        "testing-depends-on-other-targets: AlphaFeatureTesting, BetaFeature, BetaFeatureLive",
        "app-depends-on-live: App, BetaFeatureLive",
        "live-depends-on-other-live: AlphaFeatureLive, BetaFeatureLive",
        "library-depends-on-live: AlphaHelpers, AlphaFeatureLive",
        "library-depends-on-live: Analytics, BetaFeatureLive",
        "dependency-cycle: CycleA, CycleB, CycleC",
        "dependency-cycle: SelfLoop",
        "incomplete-feature: BetaFeature, BetaFeatureLive, BetaFeatureTests",
        "incomplete-feature: BetaFeatureTests",
        "incomplete-feature: GammaFeature",
      ])
  }

  @Test
  func messagesExplainTheRuleAndTheDependencyChain() throws {
    let violations = ArchitectureChecker(graph: try Fixtures.graph("violations")).violations()
    let messages = violations.map(\.description)
    #expect(
      messages[0]
        == "[interface-depends-on-live] Interface `AlphaFeature` depends on Live target "
        + "`AlphaFeatureLive` (AlphaFeature → AlphaHelpers → AlphaFeatureLive). "
        + "Interfaces must not depend on Live targets; only executables in Apps/ link them.")
    #expect(
      messages[1]
        == "[testing-depends-on-other-targets] Testing target `AlphaFeatureTesting` depends on "
        + "target `BetaFeature`, target `BetaFeatureLive`, product `Tagged`. A Testing target "
        + "may depend only on its own Interface `AlphaFeature`, `ComposableArchitecture`, "
        + "shared models and shared test support.")
    #expect(
      messages[6] == "[dependency-cycle] Dependency cycle: CycleA → CycleB → CycleC → CycleA.")
    #expect(messages[8].contains("Feature `Beta` is missing `BetaFeatureTesting` (Testing)."))
    #expect(
      messages[9]
        == "[incomplete-feature] `BetaFeatureTests` is a library target; a feature's Tests target "
        + "must be a test target.")
    #expect(
      messages[10].contains(
        "Feature `Gamma` is missing `GammaFeatureLive` (Live), `GammaFeatureTesting` (Testing), "
          + "`GammaFeatureTests` (Tests)."))
  }

  @Test
  func testingMayUseItsInterfaceTheRuntimeModelsAndTestSupport() {
    let graph = PackageGraph(targets: [
      PackageTarget(
        name: "ComposableArchitecture", kind: .library, path: "Modules/Core/ComposableArchitecture",
        productDependencies: ["Dependencies"]),
      PackageTarget(name: "Models", kind: .library, path: "Modules/Models"),
      PackageTarget(name: "Fixtures", kind: .library, path: "Modules/Shared/Fixtures"),
      PackageTarget(name: "SnapshotTestSupport", kind: .library, path: "Modules/Snapshots"),
      PackageTarget(name: "Helpers", kind: .library, path: "Modules/Helpers"),
      PackageTarget(name: "DemoFeature", kind: .library, path: "Modules/Features/Demo/Interface"),
      PackageTarget(name: "DemoFeatureLive", kind: .library, path: "Modules/Features/Demo/Live"),
      PackageTarget(
        name: "DemoFeatureTesting", kind: .library, path: "Modules/Features/Demo/Testing",
        targetDependencies: [
          "DemoFeature", "ComposableArchitecture", "Models", "Fixtures", "SnapshotTestSupport",
        ],
        productDependencies: ["Dependencies", "IssueReportingTestSupport"]),
      PackageTarget(name: "DemoFeatureTests", kind: .test, path: "Tests/DemoFeatureTests"),
    ])
    #expect(ArchitectureChecker(graph: graph).violations() == [])

    var withHelpers = graph.targets
    withHelpers[withHelpers.firstIndex { $0.name == "DemoFeatureTesting" }!]
      .targetDependencies.append("Helpers")
    let violations = ArchitectureChecker(graph: PackageGraph(targets: withHelpers)).violations()
    #expect(violations.map(\.rule) == [.testingDependsOnOtherTargets])
    #expect(violations.first?.targets == ["DemoFeatureTesting", "Helpers"])
  }
}

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
        "feature-depends-on-feature: AlphaFeatureLive, BetaFeatureLive",
        "feature-depends-on-feature: AlphaFeatureTesting, BetaFeature",
        "feature-depends-on-feature: AlphaFeatureTesting, BetaFeatureLive",
        "feature-tests-depend-on-live: AlphaFeatureTests, BetaFeatureLive",
        "app-depends-on-live: AppFeature, BetaFeatureLive",
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
      messages[2]
        == "[feature-depends-on-feature] `AlphaFeatureLive` depends on `BetaFeatureLive`, a "
        + "target of feature `Beta`. Features never depend on each other: a feature tells its "
        + "parent through its delegate actions, and the app composes the features.")
    #expect(
      messages[5]
        == "[feature-tests-depend-on-live] `AlphaFeatureTests` depends on `BetaFeatureLive` "
        + "(AlphaFeatureTests → AlphaFeatureTesting → BetaFeatureLive). A feature's reducer and "
        + "view tests link its Interface, its Testing doubles, the runtime and shared models "
        + "only, so that they build no server; tests of live clients go in "
        + "`AlphaFeatureLiveTests`.")
    #expect(
      messages[10] == "[dependency-cycle] Dependency cycle: CycleA → CycleB → CycleC → CycleA.")
    #expect(
      messages[12].contains(
        "Feature `Beta` is missing `BetaFeatureTesting` (Testing), `BetaFeatureLiveTests` "
          + "(Live tests). A feature has 5 targets:"))
    #expect(
      messages[13]
        == "[incomplete-feature] `BetaFeatureTests` is a library target; a feature's Tests target "
        + "must be a test target.")
    #expect(
      messages[14].contains(
        "Feature `Gamma` is missing `GammaFeatureLive` (Live), `GammaFeatureTesting` (Testing), "
          + "`GammaFeatureTests` (Tests), `GammaFeatureLiveTests` (Live tests)."))
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
      PackageTarget(
        name: "DemoFeatureLiveTests", kind: .test, path: "Tests/DemoFeatureLiveTests"),
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

struct SharedLiveTargetTests {
  /// The shared models, the API client pair, a feature, an executable and the client's tests.
  static let targets = [
    PackageTarget(name: "ComposableArchitecture", kind: .library, path: "Modules/Core/CA"),
    PackageTarget(name: "SharedModels", kind: .library, path: "Modules/Shared/Models"),
    PackageTarget(
      name: "APIClient", kind: .library, path: "Modules/Shared/APIClient/Interface",
      targetDependencies: ["SharedModels"]),
    PackageTarget(
      name: "APIClientLive", kind: .library, path: "Modules/Shared/APIClient/Live",
      targetDependencies: ["APIClient", "SharedModels"]),
    PackageTarget(
      name: "DemoFeature", kind: .library, path: "Modules/Features/Demo/Interface",
      targetDependencies: ["ComposableArchitecture", "SharedModels"]),
    PackageTarget(
      name: "DemoFeatureLive", kind: .library, path: "Modules/Features/Demo/Live",
      targetDependencies: ["DemoFeature", "APIClient"]),
    PackageTarget(
      name: "DemoFeatureTesting", kind: .library, path: "Modules/Features/Demo/Testing",
      targetDependencies: ["DemoFeature", "SharedModels", "APIClient"]),
    PackageTarget(
      name: "DemoFeatureTests", kind: .test, path: "Tests/DemoFeatureTests",
      targetDependencies: ["DemoFeature", "DemoFeatureTesting"]),
    PackageTarget(
      name: "DemoFeatureLiveTests", kind: .test, path: "Tests/DemoFeatureLiveTests",
      targetDependencies: ["DemoFeatureLive", "APIClientLive"]),
    PackageTarget(name: "Helpers", kind: .library, path: "Modules/Helpers"),
    PackageTarget(
      name: "Terminal", kind: .executable, path: "Apps/Terminal",
      targetDependencies: ["DemoFeatureLive", "APIClientLive"]),
    PackageTarget(
      name: "APIClientTests", kind: .test, path: "Tests/APIClientTests",
      targetDependencies: ["APIClientLive"]),
  ]

  /// The violations of the graph once `target` also depends on `dependency`.
  static func violations(adding dependency: String, to target: String) -> [String] {
    var targets = Self.targets
    targets[targets.firstIndex { $0.name == target }!].targetDependencies.append(dependency)
    return ArchitectureChecker(graph: PackageGraph(targets: targets)).violations().map {
      "\($0.rule): \($0.targets.joined(separator: ", "))"
    }
  }

  @Test
  func executablesAndTestsMayLinkTheSharedLiveTarget() {
    #expect(ArchitectureChecker(graph: PackageGraph(targets: Self.targets)).violations() == [])
  }

  @Test
  func theSharedLiveTargetIsLiveNotSharedModels() {
    let policy = ArchitecturePolicy.repository
    let live = Self.targets.first { $0.name == "APIClientLive" }!
    let interface = Self.targets.first { $0.name == "APIClient" }!
    #expect(policy.isSharedLive(live))
    #expect(!policy.isSharedModels(live))
    #expect(!policy.isSharedLive(interface))
    #expect(policy.isSharedModels(interface))
    let elsewhere = PackageTarget(name: "ReportLive", kind: .library, path: "Modules/Reports")
    #expect(!policy.isSharedLive(elsewhere))
  }

  @Test
  func librariesMustNotLinkTheSharedLiveTarget() {
    #expect(
      Self.violations(adding: "APIClientLive", to: "Helpers")
        == ["library-depends-on-live: Helpers, APIClientLive"])
    // The Interface reaches the transport through the Live target, the feature's tests reach
    // it through the Interface, and the feature's Live target reaches the client's through the
    // Interface: all are reported too.
    #expect(
      Self.violations(adding: "APIClientLive", to: "DemoFeature") == [
        "interface-depends-on-live: DemoFeature, APIClientLive",
        "interface-depends-on-transport: DemoFeature, APIClient",
        "feature-tests-depend-on-live: DemoFeatureTests, APIClientLive",
        "live-depends-on-other-live: DemoFeatureLive, APIClientLive",
      ])
    #expect(
      Self.violations(adding: "APIClientLive", to: "DemoFeatureLive")
        == ["live-depends-on-other-live: DemoFeatureLive, APIClientLive"])
    #expect(
      Self.violations(adding: "APIClientLive", to: "DemoFeatureTesting") == [
        "testing-depends-on-other-targets: DemoFeatureTesting, APIClientLive",
        "feature-tests-depend-on-live: DemoFeatureTests, APIClientLive",
      ])
  }

  @Test
  func theSharedInterfaceMustNotLinkItsLiveTarget() {
    var targets = Self.targets
    let live = targets.firstIndex { $0.name == "APIClientLive" }!
    targets[live].targetDependencies = ["SharedModels"]
    targets[targets.firstIndex { $0.name == "APIClient" }!].targetDependencies.append(
      "APIClientLive")
    let violations = ArchitectureChecker(graph: PackageGraph(targets: targets)).violations()
    #expect(
      violations.map { "\($0.rule): \($0.targets.joined(separator: ", "))" } == [
        "feature-tests-depend-on-live: DemoFeatureTests, APIClientLive",
        "live-depends-on-other-live: DemoFeatureLive, APIClientLive",
        "library-depends-on-live: APIClient, APIClientLive",
      ])
    #expect(
      violations.last?.description
        == "[library-depends-on-live] Library `APIClient` depends on Live target "
        + "`APIClientLive` (APIClient → APIClientLive). Only executables in Apps/, the "
        + "composition-root libraries their main calls, shared test support and tests may link "
        + "Live targets.")
  }

  /// Test support that sets up the live client for the Live tests may link it; a feature's
  /// reducer tests that link such support still reach a Live target and are refused.
  @Test
  func sharedTestSupportMayLinkTheSharedLiveTargetForTheLiveTests() {
    var targets =
      Self.targets + [
        PackageTarget(
          name: "LiveAPITestSupport", kind: .library, path: "Modules/TestSupport/LiveAPI",
          targetDependencies: ["APIClientLive"])
      ]
    let liveTests = targets.firstIndex { $0.name == "DemoFeatureLiveTests" }!
    targets[liveTests].targetDependencies.append("LiveAPITestSupport")
    #expect(ArchitectureChecker(graph: PackageGraph(targets: targets)).violations() == [])

    var reducerTests = targets
    reducerTests[reducerTests.firstIndex { $0.name == "DemoFeatureTests" }!].targetDependencies
      .append("LiveAPITestSupport")
    #expect(
      ArchitectureChecker(graph: PackageGraph(targets: reducerTests)).violations().map {
        "\($0.rule): \($0.targets.joined(separator: ", "))"
      } == ["feature-tests-depend-on-live: DemoFeatureTests, APIClientLive"])

    var doubles = targets
    doubles[doubles.firstIndex { $0.name == "DemoFeatureTesting" }!].targetDependencies.append(
      "LiveAPITestSupport")
    #expect(
      ArchitectureChecker(graph: PackageGraph(targets: doubles)).violations().map {
        "\($0.rule): \($0.targets.joined(separator: ", "))"
      } == [
        "testing-depends-on-other-targets: DemoFeatureTesting, LiveAPITestSupport",
        "feature-tests-depend-on-live: DemoFeatureTests, APIClientLive",
      ])
  }
}

/// The composition root lives in a library (`TCALApp`) that the executable's `main` calls, so
/// that tests can import it; it may link Live targets, and nothing but executables and tests may
/// link it.
struct CompositionRootTests {
  private func graph(
    root: String = "TCALApp", rootPath: String = "Apps/tcal/TCALApp",
    rootLinkedBy extra: PackageTarget? = nil
  ) -> PackageGraph {
    var targets = [
      PackageTarget(
        name: "SearchFeature", kind: .library, path: "Modules/Features/Search/Interface"),
      PackageTarget(
        name: "SearchFeatureLive", kind: .library, path: "Modules/Features/Search/Live",
        targetDependencies: ["SearchFeature"]),
      PackageTarget(
        name: "SearchFeatureTesting", kind: .library, path: "Modules/Features/Search/Testing",
        targetDependencies: ["SearchFeature"]),
      PackageTarget(
        name: "SearchFeatureTests", kind: .test, path: "Tests/SearchFeatureTests",
        targetDependencies: ["SearchFeature", "SearchFeatureTesting"]),
      PackageTarget(
        name: "SearchFeatureLiveTests", kind: .test, path: "Tests/SearchFeatureLiveTests",
        targetDependencies: ["SearchFeatureLive"]),
      PackageTarget(
        name: root, kind: .library, path: rootPath,
        targetDependencies: ["SearchFeature", "SearchFeatureLive", "SearchFeatureTesting"]),
      PackageTarget(
        name: "tcal", kind: .executable, path: "Apps/tcal/tcal", targetDependencies: [root]),
      PackageTarget(
        name: "TCALTests", kind: .test, path: "Tests/TCALTests", targetDependencies: [root]),
    ]
    if let extra { targets.append(extra) }
    return PackageGraph(targets: targets)
  }

  @Test
  func theCompositionRootLibraryMayLinkLiveTargets() {
    #expect(ArchitectureChecker(graph: graph()).violations() == [])
  }

  @Test
  func aLibraryThatLinksTheCompositionRootIsRefused() {
    let helper = PackageTarget(
      name: "Helpers", kind: .library, path: "Modules/Shared/Helpers",
      targetDependencies: ["TCALApp"])
    let violations = ArchitectureChecker(graph: graph(rootLinkedBy: helper)).violations()
    #expect(
      violations.map { "\($0.rule): \($0.targets.joined(separator: ", "))" }
        == ["library-depends-on-live: Helpers, SearchFeatureLive"])
  }

  /// A test target that imports the executable itself (the layout this library replaced) is
  /// refused: it builds only when the executable happens to have been built first.
  @Test
  func aTestThatLinksTheExecutableIsRefused() {
    let tests = PackageTarget(
      name: "AppTests", kind: .test, path: "Tests/AppTests", targetDependencies: ["tcal"])
    let violations = ArchitectureChecker(graph: graph(rootLinkedBy: tests)).violations()
    #expect(
      violations.map { "\($0.rule): \($0.targets.joined(separator: ", "))" }
        == ["depends-on-executable: AppTests, tcal"])
    #expect(
      violations.first?.description
        == "[depends-on-executable] `AppTests` depends on executable `tcal`. An executable's "
        + "main module cannot be imported (a test that does fails to build on a cold cache): "
        + "move what `AppTests` needs into a library that `tcal` runs, as `TCALApp` is for "
        + "`tcal`.")
  }

  @Test
  func onlyTheNamedLibraryInAppsIsACompositionRoot() {
    #expect(
      ArchitectureChecker(graph: graph(root: "Glue", rootPath: "Apps/tcal/Glue")).violations()
        .map(\.rule) == [.libraryDependsOnLive])
    #expect(
      ArchitectureChecker(graph: graph(rootPath: "Modules/TCALApp")).violations().map(\.rule)
        == [.libraryDependsOnLive])
  }
}

struct InterfaceTransportTests {
  private func graph(interfaceDependsOn dependency: String) -> PackageGraph {
    PackageGraph(targets: [
      PackageTarget(name: "SharedModels", kind: .library, path: "Modules/Shared/Models"),
      PackageTarget(
        name: "APIClient", kind: .library, path: "Modules/Shared/APIClient/Interface",
        targetDependencies: ["SharedModels"]),
      PackageTarget(
        name: "APIClientLive", kind: .library, path: "Modules/Shared/APIClient/Live",
        targetDependencies: ["APIClient"]),
      PackageTarget(name: "APIServer", kind: .library, path: "Apps/Server/APIServer"),
      PackageTarget(
        name: "SearchFeature", kind: .library, path: "Modules/Features/Search/Interface",
        targetDependencies: ["SharedModels", dependency]),
      PackageTarget(
        name: "SearchFeatureLive", kind: .library, path: "Modules/Features/Search/Live",
        targetDependencies: ["SearchFeature", "APIClient"]),
      PackageTarget(
        name: "SearchFeatureTesting", kind: .library, path: "Modules/Features/Search/Testing",
        targetDependencies: ["SearchFeature"]),
      PackageTarget(
        name: "SearchFeatureTests", kind: .test, path: "Tests/SearchFeatureTests",
        targetDependencies: ["SearchFeature", "SearchFeatureTesting"]),
      PackageTarget(
        name: "SearchFeatureLiveTests", kind: .test, path: "Tests/SearchFeatureLiveTests",
        targetDependencies: ["SearchFeature", "SearchFeatureLive", "APIClientLive"]),
    ])
  }

  @Test
  func anInterfaceOnSharedModelsAndALiveTargetOnTheClientPass() {
    #expect(
      ArchitectureChecker(graph: graph(interfaceDependsOn: "SharedModels")).violations() == [])
  }

  @Test(arguments: ["APIClient", "APIServer"])
  func anInterfaceOnTheTransportIsReported(dependency: String) {
    let violations = ArchitectureChecker(graph: graph(interfaceDependsOn: dependency)).violations()
    // The server is in Apps/, so the feature's tests would build it too.
    #expect(
      violations.map(\.rule)
        == (dependency == "APIServer"
          ? [.interfaceDependsOnTransport, .featureTestsDependOnLive]
          : [.interfaceDependsOnTransport]))
    #expect(violations.first?.targets == ["SearchFeature", dependency])
  }
}

/// A feature's reducer and view tests build the feature and nothing of the server; features
/// never depend on each other.
struct FeatureIsolationTests {
  @Test
  func everyFeaturesTestsOnTheRepositoryBuildNoServerNIOHummingbirdOrGRDB() throws {
    let graph = try Fixtures.repositoryGraph()
    let featureTests = graph.targets.filter {
      FeatureRole.parse($0.name)?.role == .tests && $0.name != "AppFeatureTests"
    }
    #expect(featureTests.count == 6)
    for tests in featureTests {
      let closure = graph.dependencyClosure(of: tests.name)
      let products = Set(
        ([tests.name] + closure).flatMap { graph[$0]?.productDependencies ?? [] })
      let server = closure.filter { name in
        name == "APIServer" || name == "LiveServerTestSupport"
          || graph[name].map { RepositoryPath.path($0.path, isInside: "Apps") } == true
      }
      #expect(server.isEmpty, "\(tests.name) builds \(server)")
      let heavy = products.filter { product in
        ["NIO", "Hummingbird", "GRDB"].contains { product.hasPrefix($0) }
      }
      #expect(heavy.isEmpty, "\(tests.name) builds \(heavy.sorted())")
      #expect(!closure.contains { FeatureRole.parse($0)?.role == .live })
    }
  }

  @Test
  func onlyTheLiveTestsOfAFeatureThatTalksToTheServerBuildIt() throws {
    let graph = try Fixtures.repositoryGraph()
    let liveTests = graph.targets.filter { FeatureRole.parse($0.name)?.role == .liveTests }
    #expect(liveTests.count == 6)
    for tests in liveTests {
      let closure = graph.dependencyClosure(of: tests.name)
      let live = String(tests.name.dropLast("Tests".count))
      let talksToTheServer = graph.dependencyClosure(of: live).contains("APIClient")
      #expect(
        closure.contains("APIServer") == talksToTheServer,
        "\(tests.name): APIServer built \(closure.contains("APIServer"))")
    }
    // Settings' Live target keeps a file; the five others talk to the API.
    #expect(!graph.dependencyClosure(of: "SettingsFeatureLiveTests").contains("APIServer"))
    #expect(graph.dependencyClosure(of: "SearchFeatureLiveTests").contains("APIServer"))
  }

  @Test
  func aFeatureThatDependsOnAnotherIsRefused() {
    let graph = PackageGraph(
      targets: ["Search", "Profile"].flatMap { feature in
        [
          PackageTarget(
            name: "\(feature)Feature", kind: .library,
            path: "Modules/Features/\(feature)/Interface",
            targetDependencies: feature == "Search" ? ["ProfileFeature"] : []),
          PackageTarget(
            name: "\(feature)FeatureLive", kind: .library, path: "Modules/Features/\(feature)/Live",
            targetDependencies: ["\(feature)Feature"]),
          PackageTarget(
            name: "\(feature)FeatureTesting", kind: .library,
            path: "Modules/Features/\(feature)/Testing", targetDependencies: ["\(feature)Feature"]),
          PackageTarget(
            name: "\(feature)FeatureTests", kind: .test, path: "Tests/\(feature)FeatureTests",
            targetDependencies: ["\(feature)Feature", "\(feature)FeatureTesting"]),
          PackageTarget(
            name: "\(feature)FeatureLiveTests", kind: .test,
            path: "Tests/\(feature)FeatureLiveTests", targetDependencies: ["\(feature)FeatureLive"]),
        ]
      })
    let violations = ArchitectureChecker(graph: graph).violations()
    #expect(
      violations.map { "\($0.rule): \($0.targets.joined(separator: ", "))" }
        == ["feature-depends-on-feature: SearchFeature, ProfileFeature"])
  }

  @Test
  func aFeaturesTestsThatLinkItsLiveTargetAreRefused() throws {
    var targets = try Fixtures.graph("features").targets
    let index = targets.firstIndex { $0.name == "CounterFeatureTests" }!
    targets[index].targetDependencies.append("CounterFeatureLive")
    let violations = ArchitectureChecker(graph: PackageGraph(targets: targets)).violations()
    #expect(
      violations.map { "\($0.rule): \($0.targets.joined(separator: ", "))" }
        == ["feature-tests-depend-on-live: CounterFeatureTests, CounterFeatureLive"])
  }
}

/// `check-architecture` with the targets' source imports: an import the manifest does not
/// declare is refused, and counted as a dependency by the other rules.
struct UndeclaredImportTests {
  private func imports(_ pairs: [(String, String)]) -> [String: [SourceImport]] {
    Dictionary(
      grouping: pairs.enumerated().map { index, pair in
        (
          pair.0,
          SourceImport(module: pair.1, file: "Sources/\(pair.0)/File.swift", line: index + 1)
        )
      }, by: \.0
    ).mapValues { $0.map(\.1) }
  }

  @Test
  func declaredImportsAndOtherPackagesModulesPass() throws {
    let checker = ArchitectureChecker(
      graph: try Fixtures.graph("features"),
      imports: imports([
        ("CounterFeature", "ComposableArchitecture"), ("CounterFeature", "Foundation"),
        ("CounterFeature", "CounterFeature"),
      ]))
    #expect(checker.violations() == [])
  }

  @Test
  func aFeatureImportingAnotherFeatureIsRefusedTwice() throws {
    let checker = ArchitectureChecker(
      graph: try Fixtures.graph("features"),
      imports: imports([("CounterFeature", "SettingsFeature")]))
    let found = checker.violations().map { "\($0.rule): \($0.targets.joined(separator: ", "))" }
    #expect(found.first == "undeclared-import: CounterFeature, SettingsFeature")
    #expect(found.contains("feature-depends-on-feature: CounterFeature, SettingsFeature"))
    #expect(
      checker.violations().first?.description
        == "[undeclared-import] `CounterFeature` imports `SettingsFeature` "
        + "(Sources/CounterFeature/File.swift:1) without declaring it in Package.swift. A build "
        + "finds it only when something else built `SettingsFeature` first, and CI's build "
        + "(`--explicit-target-dependency-import-check error`) refuses it. The other rules "
        + "count it as a dependency: declare it only if they allow it.")
  }

  @Test
  func anInterfaceOrTheAppImportingALiveTargetIsRefused() throws {
    let checker = ArchitectureChecker(
      graph: try Fixtures.graph("features"), policy: ArchitecturePolicy(appTarget: "App"),
      imports: imports([("CounterFeature", "CounterFeatureLive"), ("App", "SettingsFeatureLive")]))
    let rules = Set(
      checker.violations().map { "\($0.rule): \($0.targets.joined(separator: ", "))" })
    #expect(rules.contains("undeclared-import: CounterFeature, CounterFeatureLive"))
    #expect(rules.contains("interface-depends-on-live: CounterFeature, CounterFeatureLive"))
    #expect(rules.contains("undeclared-import: App, SettingsFeatureLive"))
    #expect(rules.contains("app-depends-on-live: App, SettingsFeatureLive"))
  }
}

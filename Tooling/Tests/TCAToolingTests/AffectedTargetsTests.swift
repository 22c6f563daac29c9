import TCATooling
import Testing

struct AffectedTargetsTests {
  @Test
  func runtimeChangeSelectsEverythingThatDependsOnTheRuntime() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(
      changedFiles: ["Modules/Core/ComposableArchitecture/Store/Store.swift"], graph: graph)
    #expect(!affected.selectsEverything)
    #expect(
      affected.libraries == [
        "App", "ComposableArchitecture", "CounterFeature", "CounterFeatureLive",
        "CounterFeatureTesting", "SettingsFeature", "SettingsFeatureLive", "SettingsFeatureTesting",
        "TestSupport",
      ])
    #expect(affected.executables == ["CounterDemo", "TCAApp"])
    #expect(
      affected.tests == [
        "AppTests", "ComposableArchitectureTests", "CounterFeatureLiveTests", "CounterFeatureTests",
        "SettingsFeatureLiveTests", "SettingsFeatureTests",
      ])
    #expect(!affected.all.contains("ComposableArchitectureMacros"))
    #expect(!affected.all.contains("Models"))
  }

  @Test
  func liveChangeSelectsTheLiveTargetItsTestsAndTheExecutablesOnly() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(
      changedFiles: ["Modules/Features/Counter/Live/CounterClient+Live.swift"], graph: graph)
    #expect(affected.libraries == ["CounterFeatureLive"])
    #expect(affected.executables == ["TCAApp"])
    #expect(affected.tests == ["CounterFeatureLiveTests"])

    let plan = AffectedBuildPlan(affected: affected, graph: graph)
    #expect(plan.buildCommands == [["swift", "build", "--target", "TCAApp"]])
    #expect(plan.testTargets == ["CounterFeatureLiveTests"])
    #expect(plan.testEnvironment == ["TEST_TARGETS": "CounterFeatureLiveTests"])
  }

  @Test
  func interfaceChangeSelectsItsFeatureAndTheApp() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(
      changedFiles: ["Modules/Features/Counter/Interface/Counter.swift"], graph: graph)
    #expect(
      affected.libraries == [
        "App", "CounterFeature", "CounterFeatureLive", "CounterFeatureTesting",
      ])
    #expect(affected.executables == ["TCAApp"])
    #expect(affected.tests == ["AppTests", "CounterFeatureLiveTests", "CounterFeatureTests"])
  }

  @Test
  func testingChangeSelectsOnlyTheTestsUsingTheDoubles() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(
      changedFiles: ["Modules/Features/Settings/Testing/SettingsClient+Doubles.swift"],
      graph: graph)
    #expect(affected.libraries == ["SettingsFeatureTesting"])
    #expect(affected.executables.isEmpty)
    #expect(affected.tests == ["AppTests", "SettingsFeatureTests"])
  }

  @Test
  func testFileChangeSelectsItsTestTargetOnly() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(
      changedFiles: ["Tests/ComposableArchitectureMacrosTests/ReducerMacroTests.swift"],
      graph: graph)
    #expect(affected.libraries.isEmpty)
    #expect(affected.executables.isEmpty)
    #expect(affected.tests == ["ComposableArchitectureMacrosTests"])
    let plan = AffectedBuildPlan(affected: affected, graph: graph)
    #expect(plan.buildCommands.isEmpty)
    #expect(plan.testEnvironment == ["TEST_TARGETS": "ComposableArchitectureMacrosTests"])
  }

  @Test
  func documentationOnlySelectsNothing() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(
      changedFiles: ["README.md", "docs/architecture.png", "Modules/Features/Counter/README.md"],
      graph: graph)
    #expect(affected.isEmpty)
    #expect(!affected.selectsEverything)
    #expect(AffectedBuildPlan(affected: affected, graph: graph).testTargets.isEmpty)
  }

  @Test(arguments: ["Package.swift", ".ci/run", "Tooling/Sources/TCACommand/TCA.swift", "Makefile"])
  func globalChangesSelectEverything(file: String) throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(changedFiles: ["README.md", file], graph: graph)
    #expect(affected.selectsEverything)
    #expect(affected.everythingReasons.count == 1)
    #expect(affected.everythingReasons[0].hasPrefix(file))
    #expect(Set(affected.all) == graph.targetNames)
  }

  @Test
  func buildPlanBuildsOnlyTargetsNoOtherAffectedTargetCovers() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(
      changedFiles: ["Modules/Shared/Models/Profile.swift"], graph: graph)
    let plan = AffectedBuildPlan(
      affected: affected, graph: graph, extraArguments: ["--scratch-path", ".build-x"])
    // TCAApp's build covers App, the features' Interface and Live targets and Models; the
    // Testing targets are used by tests only, so they are built on their own.
    #expect(plan.buildTargets == ["CounterFeatureTesting", "SettingsFeatureTesting", "TCAApp"])
    #expect(
      plan.buildCommands.last == [
        "swift", "build", "--target", "TCAApp", "--scratch-path", ".build-x",
      ])
    #expect(plan.testCommand == ["swift", "test", "--no-parallel", "--scratch-path", ".build-x"])
    #expect(
      plan.testEnvironment == [
        "TEST_TARGETS":
          "AppTests,CounterFeatureLiveTests,CounterFeatureTests,SettingsFeatureLiveTests,"
          + "SettingsFeatureTests"
      ])
  }

  @Test
  func buildPlanKeepsTargetsOnACycle() throws {
    let graph = try Fixtures.graph("violations")
    let affected = AffectedTargets(changedFiles: ["Modules/Cycle/A/A.swift"], graph: graph)
    #expect(affected.libraries == ["CycleA", "CycleB", "CycleC"])
    #expect(
      AffectedBuildPlan(affected: affected, graph: graph).buildTargets == [
        "CycleA", "CycleB", "CycleC",
      ])
  }

  @Test
  func reportText() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(
      changedFiles: ["Modules/Features/Counter/Live/CounterClient+Live.swift"], graph: graph)
    let report = AffectedReport(
      base: GitBase(ref: "HEAD~1", description: "HEAD~1"), affected: affected)
    #expect(
      report.text == """
        Base: HEAD~1 (HEAD~1)
        Changed files: 1
        Libraries (1):
          CounterFeatureLive
        Executables (1):
          TCAApp
        Tests (1):
          CounterFeatureLiveTests
        """)
    let json = try report.json()
    #expect(json.contains(#""tests" : ["#))
    #expect(json.contains(#""CounterFeatureLiveTests""#))
  }
}

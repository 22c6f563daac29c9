import Foundation
import TCATooling
import Testing

/// `tca affected --matrix`: the affected test targets as a GitHub Actions job matrix.
struct AffectedTestMatrixTests {
  private func matrix(
    _ changedFiles: [String], graph: PackageGraph, extraArguments: [String] = []
  ) -> AffectedTestMatrix {
    let affected = AffectedTargets(changedFiles: changedFiles, graph: graph)
    return AffectedTestMatrix(
      plan: AffectedBuildPlan(affected: affected, graph: graph, extraArguments: extraArguments))
  }

  @Test
  func liveChangeRunsOnlyItsFeaturesLiveTestsAndBuildsTheAppThatLinksIt() throws {
    let graph = try Fixtures.graph("features")
    let matrix = matrix(["Modules/Features/Counter/Live/CounterClient+Live.swift"], graph: graph)
    #expect(
      matrix.json
        == #"{"include":[{"target":"CounterFeatureLiveTests","command":"TEST_TARGETS=CounterFeatureLiveTests swift test --no-parallel"},{"target":"TCAApp","command":"swift build --target TCAApp"}]}"#
    )
  }

  @Test
  func entriesAreSortedByTargetOneJobEach() throws {
    let graph = try Fixtures.graph("features")
    let matrix = matrix(["Modules/Features/Counter/Interface/Counter.swift"], graph: graph)
    #expect(
      matrix.include == [
        .init(
          target: "AppTests", command: "TEST_TARGETS=AppTests swift test --no-parallel"),
        .init(
          target: "CounterFeatureLiveTests",
          command: "TEST_TARGETS=CounterFeatureLiveTests swift test --no-parallel"),
        .init(
          target: "CounterFeatureTests",
          command: "TEST_TARGETS=CounterFeatureTests swift test --no-parallel"),
        .init(target: "TCAApp", command: "swift build --target TCAApp"),
      ])
  }

  @Test
  func manifestChangeRunsEveryTestTargetAndBuildsEveryExecutable() throws {
    let graph = try Fixtures.graph("features")
    let matrix = matrix(["Package.swift"], graph: graph)
    let testTargets = graph.targets.filter { $0.category == .test }.map(\.name).sorted()
    let executables = graph.targets.filter { $0.category == .executable }.map(\.name).sorted()
    #expect(matrix.include.map(\.target) == testTargets + executables)
    #expect(testTargets.count == 7)
    #expect(executables == ["CounterDemo", "TCAApp"])
  }

  @Test
  func documentationChangeRunsNothing() throws {
    let graph = try Fixtures.graph("features")
    let matrix = matrix(["docs/x.md"], graph: graph)
    #expect(matrix.isEmpty)
    #expect(matrix.json == #"{"include":[]}"#)
  }

  @Test
  func everythingRunsEveryTestTargetAndBuildsEveryExecutable() throws {
    let graph = try Fixtures.graph("features")
    let affected = AffectedTargets(everythingIn: graph, reason: "a push to main")
    let matrix = AffectedTestMatrix(plan: AffectedBuildPlan(affected: affected, graph: graph))
    #expect(affected.everythingReasons == ["a push to main"])
    #expect(Set(affected.all) == graph.targetNames)
    #expect(
      matrix.include.map(\.target) == [
        "AppTests", "ComposableArchitectureMacrosTests", "ComposableArchitectureTests",
        "CounterFeatureLiveTests", "CounterFeatureTests", "SettingsFeatureLiveTests",
        "SettingsFeatureTests", "CounterDemo", "TCAApp",
      ])
  }

  @Test
  func extraArgumentsFollowTheCommandQuotedForTheShell() throws {
    let graph = try Fixtures.graph("features")
    let matrix = matrix(
      ["Tests/ComposableArchitectureMacrosTests/ReducerMacroTests.swift"], graph: graph,
      extraArguments: ["--scratch-path", "/tmp/build dir/it's"])
    #expect(
      matrix.include.map(\.command) == [
        #"TEST_TARGETS=ComposableArchitectureMacrosTests swift test --no-parallel --scratch-path '/tmp/build dir/it'\''s'"#
      ])
  }

  @Test
  func jsonEscapesWhatItQuotes() throws {
    let graph = try Fixtures.graph("features")
    let matrix = matrix(
      ["Tests/ComposableArchitectureMacrosTests/ReducerMacroTests.swift"], graph: graph,
      extraArguments: ["--scratch-path", #"a "b"\c"#])
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(matrix.json.utf8))
        as? [String: [[String: String]]])
    #expect(
      decoded == [
        "include": [
          [
            "target": "ComposableArchitectureMacrosTests",
            "command":
              #"TEST_TARGETS=ComposableArchitectureMacrosTests swift test --no-parallel --scratch-path 'a "b"\c'"#,
          ]
        ]
      ])
  }

  @Test
  func searchLiveChangeOnTheRepositoryRunsItsTestsAndBuildsTheApp() throws {
    let graph = try Fixtures.repositoryGraph()
    let matrix = matrix(["Modules/Features/Search/Live/SearchClient+Live.swift"], graph: graph)
    let linkingTests = graph.targets.filter {
      $0.category == .test && graph.dependencyClosure(of: $0.name).contains("SearchFeatureLive")
    }
    // The feature's live-client tests and the app's (tcal links the Live target, TCALTests
    // tests it), and a build of the app; not the feature's reducer tests, which link no Live
    // target, nor the App module's: AppFeature depends on Interfaces only.
    #expect(linkingTests.map(\.name).sorted() == ["SearchFeatureLiveTests", "TCALTests"])
    #expect(matrix.include.map(\.target) == ["SearchFeatureLiveTests", "TCALTests", "tcal"])
    #expect(!matrix.include.map(\.target).contains("SearchFeatureTests"))
    #expect(!matrix.include.map(\.target).contains("AppFeatureTests"))
    #expect(!matrix.include.map(\.target).contains("ComposableArchitectureTests"))
    #expect(
      matrix.include.first { $0.target == "SearchFeatureLiveTests" }?.command
        == "TEST_TARGETS=SearchFeatureLiveTests swift test --no-parallel")
  }

  @Test
  func manifestChangeOnTheRepositoryRunsEveryTestTarget() throws {
    let graph = try Fixtures.repositoryGraph()
    #expect(
      matrix(["Package.swift"], graph: graph).include.map(\.target)
        == graph.targets.filter { $0.category == .test }.map(\.name).sorted()
        + graph.targets.filter { $0.category == .executable }.map(\.name).sorted())
    #expect(matrix(["docs/x.md"], graph: graph).json == #"{"include":[]}"#)
  }
}

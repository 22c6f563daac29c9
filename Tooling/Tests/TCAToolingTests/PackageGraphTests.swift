import Foundation
import TCATooling
import Testing

struct PackageGraphTests {
  @Test
  func decodesTheDescribeOutput() throws {
    let graph = try Fixtures.graph("features")
    let live = try #require(graph["CounterFeatureLive"])
    #expect(live.kind == .library)
    #expect(live.path == "Modules/Features/Counter/Live")
    #expect(live.targetDependencies == ["ComposableArchitecture", "CounterFeature"])
    #expect(graph["ComposableArchitectureMacros"]?.category == .library)
    #expect(graph["CounterDemo"]?.category == .executable)
    #expect(graph["CounterFeatureTests"]?.category == .test)
    #expect(graph["CounterFeatureTests"]?.productDependencies == ["IssueReportingTestSupport"])
  }

  @Test
  func reverseDependencyClosure() throws {
    let graph = try Fixtures.graph("features")
    #expect(
      graph.reverseDependencyClosure(of: ["SettingsFeature"])
        == [
          "SettingsFeature", "SettingsFeatureLive", "SettingsFeatureTesting",
          "SettingsFeatureTests", "SettingsFeatureLiveTests",
          "App", "AppTests", "TCAApp",
        ])
    #expect(graph.reverseDependencyClosure(of: ["NoSuchTarget"]).isEmpty)
  }

  @Test
  func dependencyClosureAndPaths() throws {
    let graph = try Fixtures.graph("features")
    #expect(
      graph.dependencyClosure(of: "SettingsFeatureLive")
        == ["SettingsFeature", "Models", "ComposableArchitecture", "ComposableArchitectureMacros"])
    #expect(
      graph.dependencyPath(from: "TCAApp") { $0.name == "Models" }
        == ["TCAApp", "App", "CounterFeature", "Models"])
    #expect(graph.dependencyPath(from: "Models") { _ in true } == nil)
  }

  @Test
  func findsCycles() throws {
    #expect(try Fixtures.graph("features").cycles().isEmpty)
    #expect(
      try Fixtures.graph("violations").cycles() == [["CycleA", "CycleB", "CycleC"], ["SelfLoop"]])
  }

  @Test
  func cycleThroughABranchingComponent() {
    let graph = PackageGraph(targets: [
      PackageTarget(name: "A", kind: .library, path: "A", targetDependencies: ["B", "C"]),
      PackageTarget(name: "B", kind: .library, path: "B", targetDependencies: ["D"]),
      PackageTarget(name: "C", kind: .library, path: "C", targetDependencies: ["A"]),
      PackageTarget(name: "D", kind: .library, path: "D", targetDependencies: ["C"]),
    ])
    #expect(graph.cycles() == [["A", "C"]])
  }
}

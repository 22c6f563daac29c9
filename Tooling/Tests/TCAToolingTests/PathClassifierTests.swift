import TCATooling
import Testing

struct PathClassifierTests {
  @Test(arguments: [
    (
      "Modules/Features/Counter/Live/CounterClient+Live.swift",
      PathOwner.target("CounterFeatureLive")
    ),
    ("Modules/Features/Counter/Interface/Counter.swift", .target("CounterFeature")),
    ("Modules/Core/ComposableArchitecture/Store/Store.swift", .target("ComposableArchitecture")),
    ("./Tests/AppTests/AppTests.swift", .target("AppTests")),
    ("Apps/TCAApp/main.swift", .target("TCAApp")),
    ("README.md", .documentation),
    ("Modules/Features/Counter/Interface/Notes.md", .documentation),
    ("docs/guide/adding-a-feature.txt", .documentation),
    ("Tooling/README.md", .documentation),
    ("Benchmarks/Sources/RuntimeBenchmarks/Cases.swift", .nestedPackage("Benchmarks")),
    ("Benchmarks/Package.swift", .nestedPackage("Benchmarks")),
  ])
  func owner(path: String, expected: PathOwner) throws {
    let classifier = PathClassifier(graph: try Fixtures.graph("features"))
    #expect(classifier.owner(of: path) == expected)
  }

  @Test(arguments: [
    "Package.swift", "Package.resolved", "Package@swift-6.2.swift", ".ci/run",
    "Tooling/Sources/TCATooling/PackageGraph.swift", "Tooling/Package.swift", ".swift-format",
    "scripts/release.sh", "Modules/Features/Counter/Notes.txt",
  ])
  func selectsEverything(path: String) throws {
    let classifier = PathClassifier(graph: try Fixtures.graph("features"))
    guard case .everything = classifier.owner(of: path) else {
      Issue.record("\(path) should select everything, got \(classifier.owner(of: path))")
      return
    }
  }

  @Test
  func deepestTargetDirectoryWins() {
    let graph = PackageGraph(targets: [
      PackageTarget(name: "Outer", kind: .library, path: "Modules/Outer"),
      PackageTarget(name: "Inner", kind: .library, path: "Modules/Outer/Inner"),
      PackageTarget(name: "Sibling", kind: .library, path: "Modules/OuterSibling"),
    ])
    let classifier = PathClassifier(graph: graph)
    #expect(classifier.owner(of: "Modules/Outer/Inner/File.swift") == .target("Inner"))
    #expect(classifier.owner(of: "Modules/Outer/File.swift") == .target("Outer"))
    #expect(classifier.owner(of: "Modules/OuterSibling/File.swift") == .target("Sibling"))
  }
}

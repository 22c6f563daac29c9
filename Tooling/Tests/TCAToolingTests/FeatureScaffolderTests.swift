import Foundation
import TCATooling
import Testing

struct FeatureScaffolderTests {
  /// A package root holding a copy of the root manifest.
  private func makePackage() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let manifest = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    try directory.write(manifest, to: "Package.swift")
    try directory.write("// A test.\n", to: "Tests/ComposableArchitectureTests/StoreTests.swift")
    return directory
  }

  private func manifest(_ directory: TemporaryDirectory) throws -> String {
    try String(contentsOf: directory.url.appendingPathComponent("Package.swift"), encoding: .utf8)
  }

  @Test
  func writesTheFourTargetsAndDeclaresTheFeature() throws {
    let package = try makePackage()
    defer { package.remove() }
    let result = try FeatureScaffolder(packageRoot: package.url).scaffold(
      "Demo", existingTargets: ["ComposableArchitecture"])
    #expect(
      result.createdFiles == [
        "Modules/Features/Demo/Interface/Demo.swift",
        "Modules/Features/Demo/Interface/DemoClient.swift",
        "Modules/Features/Demo/Interface/DemoClientError.swift",
        "Modules/Features/Demo/Live/DemoClient+Live.swift",
        "Modules/Features/Demo/Testing/DemoClient+Doubles.swift",
        "Tests/DemoFeatureTests/DemoFeatureTests.swift",
        "Package.swift",
      ])
    for file in result.createdFiles {
      #expect(FileManager.default.fileExists(atPath: package.url.appendingPathComponent(file).path))
    }
    #expect(try ManifestEditor.featureNames(in: manifest(package)).last == "Demo")
  }

  @Test
  func generatedSourcesFollowTheArchitecture() throws {
    let template = FeatureTemplate(name: try FeatureName(validating: "Demo"))
    let files = Dictionary(uniqueKeysWithValues: template.files.map { ($0.path, $0.contents) })
    let reducer = try #require(files["Modules/Features/Demo/Interface/Demo.swift"])
    #expect(reducer.contains("@Reducer\npublic struct Demo {"))
    #expect(reducer.contains("  @ObservableState\n  public struct State: Equatable {"))
    #expect(reducer.contains("  public enum Action: Equatable {"))
    let client = try #require(files["Modules/Features/Demo/Interface/DemoClient.swift"])
    #expect(client.contains("@DependencyClient\npublic struct DemoClient: Sendable {"))
    #expect(client.contains("extension DemoClient: TestDependencyKey {"))
    let live = try #require(files["Modules/Features/Demo/Live/DemoClient+Live.swift"])
    #expect(live.contains("extension DemoClient: DependencyKey {"))
    #expect(live.contains("throw DemoClientError.notImplemented(endpoint: \"DemoClient.load\")"))
    #expect(!files.values.contains { $0.contains("fatalError") })
    let error = try #require(files["Modules/Features/Demo/Interface/DemoClientError.swift"])
    #expect(error.contains("is not implemented yet: write its live implementation in "))
    let doubles = try #require(files["Modules/Features/Demo/Testing/DemoClient+Doubles.swift"])
    #expect(doubles.contains("public static let mock = DemoClient("))
    let tests = try #require(files["Tests/DemoFeatureTests/DemoFeatureTests.swift"])
    #expect(tests.contains("import Testing"))
    #expect(tests.contains("let store = TestStore(initialState: Demo.State()) {"))
    // Every line fits the formatter's 100 columns.
    for (path, contents) in files {
      for line in contents.split(separator: "\n") where line.count > 100 {
        Issue.record("\(path): line longer than 100 columns: \(line)")
      }
    }
  }

  @Test(arguments: ["demo", "Demo-1", "Self", "DemoFeature", "Store", ""])
  func refusesABadNameTouchingNothing(name: String) throws {
    let package = try makePackage()
    defer { package.remove() }
    let before = (package.listing(), try manifest(package))
    #expect(throws: FeatureNameError.self) {
      try FeatureScaffolder(packageRoot: package.url).scaffold(name, existingTargets: [])
    }
    #expect(package.listing() == before.0)
    #expect(try manifest(package) == before.1)
  }

  @Test
  func refusesAnExistingFeatureTargetOrFolder() throws {
    let package = try makePackage()
    defer { package.remove() }
    let scaffolder = FeatureScaffolder(packageRoot: package.url)
    try scaffolder.scaffold("Demo", existingTargets: [])
    let before = (package.listing(), try manifest(package))

    #expect(
      throws: FeatureNameError.alreadyExists("Demo", what: "the feature `Demo` in Package.swift")
    ) {
      try scaffolder.scaffold("Demo", existingTargets: [])
    }
    #expect(
      throws: FeatureNameError.alreadyExists("DEMO", what: "the feature `Demo` in Package.swift")
    ) {
      try scaffolder.scaffold("DEMO", existingTargets: [])
    }
    #expect(throws: FeatureNameError.alreadyExists("Other", what: "the target `OtherFeatureLive`"))
    {
      try scaffolder.scaffold("Other", existingTargets: ["OtherFeatureLive"])
    }
    // A name that the real manifest does not declare, so only the folder refuses it.
    try package.write("// Notes.\n", to: "Modules/Features/onboarding/Notes.swift")
    #expect(
      throws: FeatureNameError.alreadyExists("Onboarding", what: "`Modules/Features/onboarding`")
    ) {
      try scaffolder.scaffold("Onboarding", existingTargets: [])
    }
    try package.write("// Old.\n", to: "Tests/LegacyFeatureTests/Old.swift")
    #expect(throws: FeatureNameError.alreadyExists("Legacy", what: "`Tests/LegacyFeatureTests`")) {
      try scaffolder.scaffold("Legacy", existingTargets: [])
    }
    let written = [
      "Modules/Features/onboarding", "Modules/Features/onboarding/Notes.swift",
      "Tests/LegacyFeatureTests",
      "Tests/LegacyFeatureTests/Old.swift",
    ]
    #expect(package.listing() == (before.0 + written).sorted())
    #expect(try manifest(package) == before.1)
  }

  @Test
  func refusesAManifestWithoutAFeaturesListTouchingNothing() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    try package.write("// swift-tools-version: 6.1\n", to: "Package.swift")
    let before = package.listing()
    #expect(throws: ManifestEditError.missingList) {
      try FeatureScaffolder(packageRoot: package.url).scaffold("Demo", existingTargets: [])
    }
    #expect(package.listing() == before)
  }

  @Test
  func undoesWhatItWroteWhenAWriteFails() throws {
    let package = try makePackage()
    defer { package.remove() }
    // `Tests` is a file, so the test target's folder cannot be created.
    try FileManager.default.removeItem(at: package.url.appendingPathComponent("Tests"))
    try package.write("not a folder", to: "Tests")
    let before = (package.listing(), try manifest(package))
    #expect(throws: (any Error).self) {
      try FeatureScaffolder(packageRoot: package.url).scaffold("Demo", existingTargets: [])
    }
    #expect(package.listing() == before.0)
    #expect(try manifest(package) == before.1)
  }
}

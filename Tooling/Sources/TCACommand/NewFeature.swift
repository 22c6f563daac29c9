import ArgumentParser
import Foundation
import TCATooling

/// `tca new-feature NAME`: scaffolds a feature's five targets and declares it in
/// Package.swift.
struct NewFeature: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new-feature",
    abstract:
      "Scaffold a feature: Interface, Live, Testing, Tests and LiveTests, declared in Package.swift.",
    discussion: """
      Writes Modules/Features/NAME/{Interface,Live,Testing}, Tests/NAMEFeatureTests and \
      Tests/NAMEFeatureLiveTests, and \
      appends `Feature("NAME"),` to the features list of Package.swift. NAME is UpperCamelCase \
      ASCII letters and digits starting with a letter, not a Swift keyword and not taken; a \
      refused name changes nothing.
      """
  )

  @Argument(help: "The feature's name, like `Settings`.")
  var name: String

  @OptionGroup var package: PackageOptions

  func run() throws {
    _ = try FeatureName(validating: name)
    let root = try package.packageRoot()
    let graph = try PackageDescriber(packageRoot: root).graph()
    let result = try FeatureScaffolder(packageRoot: root).scaffold(
      name, existingTargets: graph.targetNames)
    let feature = result.name
    print("Created the \(feature) feature:")
    for file in result.createdFiles {
      print("  \(file)")
    }
    // The module graph in ARCHITECTURE.md is generated from the manifest, which now has the
    // feature: it is written again, as `tca graph --write` would (CI checks it). The feature is
    // made whatever happens here, so a failure only says what to run.
    let architecture = root.appendingPathComponent("ARCHITECTURE.md")
    if FileManager.default.fileExists(atPath: architecture.path) {
      do {
        let document = ModuleGraphDocument(graph: try PackageDescriber(packageRoot: root).graph())
        if try document.write(into: architecture) {
          print("  ARCHITECTURE.md (its module graph)")
        }
      } catch {
        FileHandle.standardError.write(
          Data(
            """
            Could not write the module graph of ARCHITECTURE.md (\(error)); run \
            `swift run --package-path Tooling tca graph --write ARCHITECTURE.md`.

            """.utf8))
      }
    }
    print(
      """

      Targets: \(feature.targetNames.joined(separator: ", ")).
      Test it:   TEST_TARGETS=\(feature.testsTarget),\(feature.liveTestsTarget) swift test --no-parallel
      Check it:  swift run --package-path Tooling tca check-architecture

      To show it as a tab of the app and run it alone (`tcal --feature`), add:
      """)
    for step in feature.wiringSteps {
      print("  - \(step)")
    }
  }
}

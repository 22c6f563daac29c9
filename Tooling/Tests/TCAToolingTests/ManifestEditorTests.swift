import Foundation
import TCATooling
import Testing

struct ManifestEditorTests {
  let demo = try! FeatureName(validating: "Demo")

  @Test
  func theRootManifestHasAFeaturesList() throws {
    let manifest = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let names = try ManifestEditor.featureNames(in: manifest)
    let edited = try ManifestEditor.addingFeature(demo, to: manifest)
    #expect(try ManifestEditor.featureNames(in: edited) == names + ["Demo"])
    #expect(edited.contains("  Feature(\"Demo\"),\n]"))
    // Only the list changes.
    let removed = edited.replacingOccurrences(of: "  Feature(\"Demo\"),\n", with: "")
    #expect(
      removed.replacingOccurrences(of: "= [\n]", with: "= []")
        == manifest.replacingOccurrences(of: "= [\n]", with: "= []"))
  }

  @Test
  func opensAnEmptyOneLineList() throws {
    let manifest = "let a = 1\nlet features: [Feature] = []\n\npackage.targets += x\n"
    #expect(
      try ManifestEditor.addingFeature(demo, to: manifest)
        == "let a = 1\nlet features: [Feature] = [\n  Feature(\"Demo\"),\n]\n\n"
        + "package.targets += x\n")
  }

  @Test
  func appendsToAListWithEntries() throws {
    let manifest = """
      let features: [Feature] = [
        Feature("Counter"),
        Feature(
          "Settings",
          features: ["Counter"]
        ),
      ]
      """
    #expect(try ManifestEditor.featureNames(in: manifest) == ["Counter", "Settings"])
    #expect(
      try ManifestEditor.addingFeature(demo, to: manifest)
        == """
        let features: [Feature] = [
          Feature("Counter"),
          Feature(
            "Settings",
            features: ["Counter"]
          ),
          Feature("Demo"),
        ]
        """)
  }

  @Test
  func refusesADuplicateWhateverItsCase() {
    let manifest = "let features: [Feature] = [\n  Feature(\"DEMO\"),\n]\n"
    #expect(throws: ManifestEditError.duplicate("Demo")) {
      try ManifestEditor.addingFeature(demo, to: manifest)
    }
  }

  @Test
  func refusesAManifestWithoutAList() {
    #expect(throws: ManifestEditError.missingList) {
      try ManifestEditor.addingFeature(demo, to: "let package = Package(name: \"X\")\n")
    }
    #expect(throws: ManifestEditError.unrecognizedList) {
      try ManifestEditor.addingFeature(demo, to: "let features: [Feature] = [Feature(\"A\")]\n")
    }
    #expect(throws: ManifestEditError.ambiguousList) {
      try ManifestEditor.addingFeature(
        demo, to: "let features: [Feature] = []\nlet features: [Feature] = []\n")
    }
  }
}

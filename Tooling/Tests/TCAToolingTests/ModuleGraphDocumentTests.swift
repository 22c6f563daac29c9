import Foundation
import TCATooling
import Testing

struct ModuleGraphDocumentTests {
  private let graph = PackageGraph(targets: [
    PackageTarget(
      name: "ComposableArchitecture", kind: .library, path: "Modules/Core/ComposableArchitecture"),
    PackageTarget(name: "SharedModels", kind: .library, path: "Modules/Shared/Models"),
    PackageTarget(
      name: "SearchFeature", kind: .library, path: "Modules/Features/Search/Interface",
      targetDependencies: ["SharedModels", "ComposableArchitecture"],
      productDependencies: ["Dependencies"]),
    PackageTarget(
      name: "SearchFeatureLive", kind: .library, path: "Modules/Features/Search/Live",
      targetDependencies: ["SearchFeature"]),
    PackageTarget(
      name: "tcal", kind: .executable, path: "Apps/tcal/tcal",
      targetDependencies: ["SearchFeatureLive"]),
    PackageTarget(
      name: "SearchFeatureTests", kind: .test, path: "Tests/SearchFeatureTests",
      targetDependencies: ["SearchFeatureLive", "SearchFeature"]),
  ])

  @Test
  func theBlockGroupsTargetsByFolderWithTheirDirectDependencies() {
    let block = ModuleGraphDocument(graph: graph).block
    #expect(
      block == """
        \(ModuleGraphDocument.beginMarker)
        ```text
        Modules/Core/
          ComposableArchitecture

        Modules/Shared/
          SharedModels

        Modules/Features/Search/
          SearchFeature          ──▶ ComposableArchitecture, SharedModels
          SearchFeatureLive      ──▶ SearchFeature

        Apps/tcal/
          tcal                   ──▶ SearchFeatureLive (executable)

        Tests/
          SearchFeatureTests ──▶ SearchFeature, SearchFeatureLive (test)
        ```
        \(ModuleGraphDocument.endMarker)
        """)
  }

  @Test
  func writingReplacesOnlyTheMarkedBlock() throws {
    let document = ModuleGraphDocument(graph: graph)
    let original = """
      # Architecture
      \(ModuleGraphDocument.beginMarker)
      old graph
      \(ModuleGraphDocument.endMarker)
      More text.
      """
    let updated = try document.replacingBlock(in: original)
    #expect(updated.hasPrefix("# Architecture\n\(ModuleGraphDocument.beginMarker)\n```text"))
    #expect(updated.hasSuffix("\(ModuleGraphDocument.endMarker)\nMore text."))
    #expect(!updated.contains("old graph"))
    #expect(try document.replacingBlock(in: updated) == updated)
  }

  @Test
  func writingIntoAFileChangesItOnlyWhenItsGraphIsStale() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write(
      "# Architecture\n\(ModuleGraphDocument.beginMarker)\nold graph\n"
        + "\(ModuleGraphDocument.endMarker)\nMore text.\n",
      to: "ARCHITECTURE.md")
    let url = directory.url.appendingPathComponent("ARCHITECTURE.md")
    let document = ModuleGraphDocument(graph: graph)
    #expect(try document.write(into: url))
    let written = try String(contentsOf: url, encoding: .utf8)
    #expect(written.contains(document.block))
    #expect(!written.contains("old graph"))
    #expect(written.hasSuffix("More text.\n"))
    #expect(try !document.write(into: url))
    #expect(try String(contentsOf: url, encoding: .utf8) == written)
  }

  @Test
  func aDocumentWithoutMarkersIsRefused() {
    #expect(throws: ModuleGraphDocumentError.markersMissing) {
      try ModuleGraphDocument(graph: graph).replacingBlock(in: "# Architecture\n")
    }
  }
}

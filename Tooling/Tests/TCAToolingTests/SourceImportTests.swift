import Foundation
import TCATooling
import Testing

/// Reading import declarations from Swift sources.
struct SourceImportTests {
  @Test(arguments: [
    ("import SearchFeature", "SearchFeature"),
    ("  import SearchFeature  // the tab", "SearchFeature"),
    ("@testable import TCALApp", "TCALApp"),
    ("@_spi(Internals) import Sharing", "Sharing"),
    ("@preconcurrency import Dispatch", "Dispatch"),
    ("public import Foundation", "Foundation"),
    ("package import SharedModels", "SharedModels"),
    ("import struct Foundation.URL", "Foundation"),
    ("import class UIKit.UIView", "UIKit"),
    ("import CasePaths;", "CasePaths"),
  ])
  func anImportDeclarationNamesItsModule(line: String, module: String) {
    #expect(SourceImport.module(importedBy: line[...]) == module)
  }

  @Test(arguments: [
    "// import SearchFeature", "#if canImport(Glibc)", "let important = 1", "import",
    "importer.run()", "import \\(name.interfaceTarget)", "\"import SearchFeature\"",
  ])
  func anythingElseNamesNone(line: String) {
    #expect(SourceImport.module(importedBy: line[...]) == nil)
  }

  @Test
  func scanningATargetListsItsImportsWithTheirPlaces() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write(
      "import Foundation\n\n// import Hidden\n@testable import Home\n", to: "Sources/A/A.swift")
    try directory.write(
      "import Nested\nlet expected = \"\"\"\n  import InAString\n  \"\"\"\nimport After\n",
      to: "Sources/A/Sub/B.swift")
    try directory.write("import NotSwift\n", to: "Sources/A/notes.md")
    let found = SourceImport.scan(directory: "Sources/A", root: directory.url)
    #expect(
      found == [
        SourceImport(module: "Foundation", file: "Sources/A/A.swift", line: 1),
        SourceImport(module: "Home", file: "Sources/A/A.swift", line: 4),
        SourceImport(module: "Nested", file: "Sources/A/Sub/B.swift", line: 1),
        SourceImport(module: "After", file: "Sources/A/Sub/B.swift", line: 5),
      ])
    #expect(SourceImport.scan(directory: "Sources/Missing", root: directory.url) == [])
  }
}

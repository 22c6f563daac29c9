import Foundation
import TCATooling

/// Paths and graphs the tests read.
enum Fixtures {
  /// This test target's directory.
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// The repository root (the root package), four levels above this file.
  static let repositoryRoot =
    testsDirectory
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The Tooling package's directory.
  static let toolingRoot = repositoryRoot.appendingPathComponent("Tooling")

  /// The graph in `Fixtures/NAME.json`.
  static func graph(_ name: String) throws -> PackageGraph {
    let url = testsDirectory.appendingPathComponent("Fixtures/\(name).json")
    return try PackageDescriptionDecoder.graph(from: Data(contentsOf: url))
  }

  /// The graph of the real root package, from `swift package describe` (described once).
  static func repositoryGraph() throws -> PackageGraph {
    try describedRepository.get()
  }

  private static let describedRepository = Result {
    () throws(DescribeFailure) -> PackageGraph in
    do {
      return try PackageDescriber(packageRoot: repositoryRoot).graph()
    } catch {
      throw DescribeFailure(description: String(describing: error))
    }
  }
}

/// Why describing the real package failed.
struct DescribeFailure: Error, CustomStringConvertible {
  var description: String
}

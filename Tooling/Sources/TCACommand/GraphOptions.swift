import ArgumentParser
import Foundation
import TCATooling

/// Where the package graph comes from.
struct GraphOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Read the graph from this `swift package describe --type json` output instead of "
        + "describing the package.",
      valueName: "file"))
  var graph: String?

  /// The graph of the package at `root`, or the one in `--graph`.
  func load(root: URL) throws -> PackageGraph {
    if let graph {
      let url = URL(fileURLWithPath: graph, relativeTo: root)
      return try PackageDescriptionDecoder.graph(from: Data(contentsOf: url))
    }
    return try PackageDescriber(packageRoot: root).graph()
  }
}

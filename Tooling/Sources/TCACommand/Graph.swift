import ArgumentParser
import Foundation
import TCATooling

/// `tca graph`: prints the module graph, or writes or checks it in a Markdown file.
struct Graph: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "graph",
    abstract: "Print the module graph generated from the manifest.",
    discussion: """
      With --write FILE, replaces the block between the module-graph markers in FILE (such as \
      ARCHITECTURE.md); with --check FILE, fails when that block is not what the manifest gives.
      """
  )

  @OptionGroup var package: PackageOptions
  @OptionGroup var graphOptions: GraphOptions

  @Option(help: ArgumentHelp("Write the graph into this Markdown file.", valueName: "file"))
  var write: String?

  @Option(help: ArgumentHelp("Fail when this Markdown file's graph is stale.", valueName: "file"))
  var check: String?

  func validate() throws {
    if write != nil && check != nil {
      throw ValidationError("Use --write or --check, not both.")
    }
  }

  func run() throws {
    let root = try package.packageRoot()
    let document = ModuleGraphDocument(graph: try graphOptions.load(root: root))
    guard let path = write ?? check else {
      print(document.block)
      return
    }
    let url = URL(fileURLWithPath: path, relativeTo: root)
    if write != nil {
      _ = try document.write(into: url)
      print("Module graph written to \(path).")
      return
    }
    let current = try String(contentsOf: url, encoding: .utf8)
    if try document.replacingBlock(in: current) != current {
      FileHandle.standardError.write(
        Data("\(path): the module graph is stale; run `tca graph --write \(path)`.\n".utf8))
      throw ExitCode.failure
    } else {
      print("Module graph in \(path) is up to date.")
    }
  }
}

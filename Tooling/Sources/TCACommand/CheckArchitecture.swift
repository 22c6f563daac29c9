import ArgumentParser
import Foundation
import TCATooling

/// `tca check-architecture`: fails when the package graph breaks a module rule.
struct CheckArchitecture: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-architecture",
    abstract: "Check the package graph against the module architecture rules.",
    discussion: """
      Fails, naming the targets, when a target's source imports a target of the package it \
      does not declare (counted as a dependency for the other rules); an Interface depends on \
      a Live target or on the transport (the API client or server); a Testing target \
      depends on anything but its own Interface, ComposableArchitecture, shared models and \
      shared test support; a feature depends on another feature; a feature's reducer tests \
      link a Live target or the server; App depends on a Live target; a Live target depends on \
      another feature's Live target; another library depends on a Live target; a target \
      depends on an executable; targets form a cycle; or a feature lacks one of its five \
      targets.
      """
  )

  @OptionGroup var package: PackageOptions
  @OptionGroup var graphOptions: GraphOptions

  func run() throws {
    let root = try package.packageRoot()
    let graph = try graphOptions.load(root: root)
    let checker = ArchitectureChecker(graph: graph, imports: SourceImport.scan(graph, root: root))
    let violations = checker.violations()
    let features = checker.features.count
    let summary =
      "\(checker.graph.targets.count) targets, \(features) feature\(features == 1 ? "" : "s")"
    guard violations.isEmpty else {
      var message = "Architecture check failed (\(summary)): \(violations.count) violation"
      message += violations.count == 1 ? "\n" : "s\n"
      message += violations.map { "  ✗ \($0)" }.joined(separator: "\n")
      FileHandle.standardError.write(Data((message + "\n").utf8))
      throw ExitCode.failure
    }
    print("Architecture check passed (\(summary)).")
  }
}

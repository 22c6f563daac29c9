import Foundation

/// Loads a package's target graph with `swift package describe --type json`.
public struct PackageDescriber: Sendable {
  /// The package's root directory (the one holding `Package.swift`).
  public var packageRoot: URL

  /// Creates a describer for the package at `packageRoot`.
  public init(packageRoot: URL) {
    self.packageRoot = packageRoot
  }

  /// Runs `swift package describe --type json` and decodes its graph.
  ///
  /// `TEST_TARGETS` is removed from the command's environment, so the root manifest reports
  /// every test target whatever the caller's environment narrows.
  public func graph() throws -> PackageGraph {
    let runner = CommandRunner(directory: packageRoot, removing: [TestTargetsVariable.name])
    let arguments = ["swift", "package", "describe", "--type", "json"]
    let result = try runner.capture(arguments)
    guard result.succeeded else {
      throw CommandError(
        command: arguments.joined(separator: " "), status: result.status,
        errorOutput: result.errorOutput)
    }
    return try PackageDescriptionDecoder.graph(from: Data(result.output.utf8))
  }
}

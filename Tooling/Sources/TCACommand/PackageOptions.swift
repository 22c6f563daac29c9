import ArgumentParser
import Foundation
import TCATooling

/// The options that say which package the tools work on.
struct PackageOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The root package's directory.",
      discussion: "Defaults to the nearest directory with a Package.swift, skipping Tooling/.",
      valueName: "directory"))
  var root: String?

  /// The root package's directory.
  func packageRoot() throws -> URL {
    let currentDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    if let root {
      return URL(fileURLWithPath: root, relativeTo: currentDirectory).standardizedFileURL
    }
    return try PackageRootLocator.locate(from: currentDirectory)
  }
}

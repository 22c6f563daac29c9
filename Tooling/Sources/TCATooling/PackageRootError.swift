/// No package was found to work on.
public struct PackageRootError: Error, CustomStringConvertible, Sendable {
  /// Where the search started.
  public var directory: String

  /// Creates the error for a search that started at `directory`.
  public init(directory: String) {
    self.directory = directory
  }

  /// Where the search started and how to point the tools at a package.
  public var description: String {
    "No Package.swift at or above \(directory); run from the repository or pass --root."
  }
}

import Foundation

/// Finds the root package the tools work on when no `--root` is given.
public enum PackageRootLocator {
  /// The nearest directory at or above `directory` that holds a `Package.swift`. The Tooling
  /// package itself is skipped: from `Tooling/` (or below) the answer is the package above it.
  ///
  /// - Throws: ``PackageRootError`` when no directory above holds a `Package.swift`.
  public static func locate(from directory: URL) throws -> URL {
    var current = directory.standardizedFileURL
    while true {
      if hasManifest(current) {
        let parent = current.deletingLastPathComponent()
        if current.lastPathComponent == "Tooling", hasManifest(parent) {
          return parent
        }
        return current
      }
      let parent = current.deletingLastPathComponent()
      guard parent.path != current.path else {
        throw PackageRootError(directory: directory.path)
      }
      current = parent
    }
  }

  private static func hasManifest(_ directory: URL) -> Bool {
    FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
  }
}

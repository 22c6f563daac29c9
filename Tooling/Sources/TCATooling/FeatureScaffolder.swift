import Foundation

/// Adds a feature to a package: checks the name, writes the feature's files and appends it to
/// the features list of `Package.swift`. It changes nothing unless every check passes, and
/// undoes what it wrote when a write fails.
public struct FeatureScaffolder: Sendable {
  /// The package root (the directory holding `Package.swift`).
  public var packageRoot: URL

  /// Creates a scaffolder for the package at `packageRoot`.
  public init(packageRoot: URL) {
    self.packageRoot = packageRoot
  }

  /// What ``scaffold(_:existingTargets:)`` wrote.
  public struct Result: Sendable {
    /// The feature.
    public var name: FeatureName
    /// The files written, relative to the package root.
    public var createdFiles: [String]
  }

  /// Validates `rawName` against the name rules, the manifest's features list,
  /// `existingTargets` and the file system, then writes the feature.
  ///
  /// - Parameters:
  ///   - rawName: The name the feature is to have.
  ///   - existingTargets: The names of the package's targets (from `swift package describe`).
  /// - Throws: ``FeatureNameError`` or ``ManifestEditError`` before anything is written; a file
  ///   system error after undoing what was written.
  @discardableResult
  public func scaffold(_ rawName: String, existingTargets: Set<String>) throws -> Result {
    let name = try FeatureName(validating: rawName)
    let manifestURL = packageRoot.appendingPathComponent("Package.swift")
    let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
    try checkIsNew(name, manifest: manifest, existingTargets: existingTargets)
    let updatedManifest = try ManifestEditor.addingFeature(name, to: manifest)
    let template = FeatureTemplate(name: name)

    var created: [URL] = []
    do {
      for directory in template.directories {
        var url = packageRoot
        for component in directory.split(separator: "/") {
          url.appendPathComponent(String(component))
          if !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            created.append(url)
          }
        }
      }
      for file in template.files {
        let url = packageRoot.appendingPathComponent(file.path)
        try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
        created.append(url)
      }
      try Data(updatedManifest.utf8).write(to: manifestURL, options: .atomic)
    } catch {
      for url in created.reversed() {
        try? FileManager.default.removeItem(at: url)
      }
      try? Data(manifest.utf8).write(to: manifestURL, options: .atomic)
      throw error
    }
    return Result(name: name, createdFiles: template.files.map(\.path) + ["Package.swift"])
  }

  /// Refuses a name a feature, target or directory already has; names that differ only in
  /// case count as taken, since they collide on case-insensitive file systems.
  private func checkIsNew(
    _ name: FeatureName, manifest: String, existingTargets: Set<String>
  ) throws {
    let lowercased = name.rawValue.lowercased()
    if let feature = try ManifestEditor.featureNames(in: manifest).first(where: {
      $0.lowercased() == lowercased
    }) {
      throw FeatureNameError.alreadyExists(
        name.rawValue, what: "the feature `\(feature)` in Package.swift")
    }
    let targets = Dictionary(
      existingTargets.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    if let target = name.targetNames.compactMap({ targets[$0.lowercased()] }).first {
      throw FeatureNameError.alreadyExists(name.rawValue, what: "the target `\(target)`")
    }
    let template = FeatureTemplate(name: name)
    for directory in [template.featureDirectory, template.testsDirectory] {
      if let existing = existingEntry(matching: directory) {
        throw FeatureNameError.alreadyExists(name.rawValue, what: "`\(existing)`")
      }
    }
  }

  /// The path of an existing file or directory whose path equals `path` ignoring case.
  private func existingEntry(matching path: String) -> String? {
    var current = packageRoot
    var matched: [String] = []
    for component in path.split(separator: "/").map(String.init) {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: current.path)) ?? []
      guard let entry = entries.first(where: { $0.lowercased() == component.lowercased() })
      else { return nil }
      matched.append(entry)
      current = current.appendingPathComponent(entry)
    }
    return matched.joined(separator: "/")
  }
}

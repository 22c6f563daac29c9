import Foundation

/// What `tca affected` prints: the base, the changed files and the affected targets.
public struct AffectedReport: Hashable, Sendable, Codable {
  /// The revision compared with.
  public var base: String
  /// How the base was chosen.
  public var baseDescription: String
  /// The changed files, relative to the package root.
  public var changedFiles: [String]
  /// Why every target is affected; empty when only some are.
  public var everythingReasons: [String]
  /// Affected library targets (libraries, macros, plugins).
  public var libraries: [String]
  /// Affected executable targets.
  public var executables: [String]
  /// Affected test targets.
  public var tests: [String]

  /// Creates the report of `affected` targets relative to `base`.
  public init(base: GitBase, affected: AffectedTargets) {
    self.base = base.ref
    self.baseDescription = base.description
    self.changedFiles = affected.changedFiles
    self.everythingReasons = affected.everythingReasons
    self.libraries = affected.libraries
    self.executables = affected.executables
    self.tests = affected.tests
  }

  /// The report as pretty-printed JSON with sorted keys.
  public func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  /// The report for people.
  public var text: String {
    var lines = ["Base: \(base) (\(baseDescription))"]
    lines.append("Changed files: \(changedFiles.count)")
    if everythingReasons.isEmpty {
      if libraries.isEmpty && executables.isEmpty && tests.isEmpty {
        lines.append(
          changedFiles.isEmpty
            ? "Nothing changed, so no target is affected."
            : "Only documentation or nested packages (Benchmarks/) changed, so no target is affected."
        )
        return lines.joined(separator: "\n")
      }
    } else {
      lines.append("Every target is affected:")
      lines += everythingReasons.prefix(5).map { "  \($0)" }
      if everythingReasons.count > 5 {
        lines.append("  … and \(everythingReasons.count - 5) more")
      }
    }
    for (title, names) in [
      ("Libraries", libraries), ("Executables", executables), ("Tests", tests),
    ] {
      lines.append("\(title) (\(names.count)):")
      lines += names.isEmpty ? ["  (none)"] : names.map { "  \($0)" }
    }
    return lines.joined(separator: "\n")
  }
}

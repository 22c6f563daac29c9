import Foundation

/// Reads and edits the `features` list of the root `Package.swift`:
///
/// ```swift
/// let features: [Feature] = [
///   Feature("Counter"),
///   Feature("Settings", features: ["Counter"]),
/// ]
/// ```
public enum ManifestEditor {
  /// The declaration that opens the list.
  public static let listDeclaration = "let features: [Feature] = ["

  /// The names of the features the list declares, in order.
  ///
  /// - Throws: ``ManifestEditError`` when the manifest has no features list.
  public static func featureNames(in manifest: String) throws(ManifestEditError) -> [String] {
    let list = try locateList(in: manifest)
    return featureNames(inEntries: list.entries.joined(separator: "\n"))
  }

  /// `manifest` with `Feature("NAME"),` appended to its features list.
  ///
  /// - Throws: ``ManifestEditError`` when the manifest has no features list or the list
  ///   already declares the feature.
  public static func addingFeature(
    _ name: FeatureName, to manifest: String
  ) throws(ManifestEditError) -> String {
    let list = try locateList(in: manifest)
    let existing = featureNames(inEntries: list.entries.joined(separator: "\n"))
    if existing.contains(where: { $0.lowercased() == name.rawValue.lowercased() }) {
      throw .duplicate(name.rawValue)
    }
    var lines = list.lines
    let entry = "\(list.indentation)  Feature(\"\(name)\"),"
    if let closing = list.closingLine {
      lines.insert(entry, at: closing)
    } else {
      // `let features: [Feature] = []` on one line: open it up.
      lines.replaceSubrange(
        list.openingLine...list.openingLine,
        with: ["\(list.indentation)\(listDeclaration)", entry, "\(list.indentation)]"])
    }
    return lines.joined(separator: "\n")
  }

  /// The feature names the entries of the list declare: the string literal right after each
  /// `Feature(`.
  static func featureNames(inEntries entries: String) -> [String] {
    var names: [String] = []
    var rest = Substring(entries)
    while let range = rest.range(of: "Feature(") {
      rest = rest[range.upperBound...].drop { $0.isWhitespace }
      guard rest.first == "\"" else { continue }
      let literal = rest.dropFirst().prefix { $0 != "\"" }
      names.append(String(literal))
      rest = rest.dropFirst(literal.count + 1)
    }
    return names
  }

  private struct FeatureList {
    var lines: [String]
    var openingLine: Int
    /// The line of the closing `]`; `nil` for the one-line empty list.
    var closingLine: Int?
    var indentation: String
    var entries: [String]
  }

  private static func locateList(in manifest: String) throws(ManifestEditError) -> FeatureList {
    let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let openings = lines.indices.filter {
      lines[$0].trimmingWhitespace().hasPrefix(listDeclaration)
    }
    guard let opening = openings.first else { throw .missingList }
    guard openings.count == 1 else { throw .ambiguousList }
    let indentation = String(lines[opening].prefix { $0 == " " })
    let rest = lines[opening].trimmingWhitespace().dropFirst(listDeclaration.count)
    if rest.trimmingWhitespace() == "]" {
      return FeatureList(
        lines: lines, openingLine: opening, closingLine: nil, indentation: indentation,
        entries: [])
    }
    guard rest.trimmingWhitespace().isEmpty,
      let closing = lines.indices.dropFirst(opening + 1).first(where: {
        lines[$0] == "\(indentation)]"
      })
    else { throw .unrecognizedList }
    return FeatureList(
      lines: lines, openingLine: opening, closingLine: closing, indentation: indentation,
      entries: Array(lines[(opening + 1)..<closing]))
  }
}

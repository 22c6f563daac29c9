import Foundation

/// An `import` declaration in a target's source, and where it is written.
///
/// `check-architecture` reads them because the manifest is not the whole truth: a target can
/// import a sibling it does not declare, and a build still finds the module when something else
/// built it first.
public struct SourceImport: Hashable, Sendable, CustomStringConvertible {
  /// The module imported (`Foundation` for `import struct Foundation.URL`).
  public var module: String
  /// The file, relative to the package root.
  public var file: String
  /// The line, counted from 1.
  public var line: Int

  /// Creates an import of `module` at `file:line`.
  public init(module: String, file: String, line: Int) {
    self.module = module
    self.file = file
    self.line = line
  }

  /// `file:line`.
  public var description: String { "\(file):\(line)" }

  /// The module `line` imports, when it is an import declaration: `import X`,
  /// `@testable import X`, `@_spi(Name) import X`, `public import X`, `import struct X.Y`.
  /// Anything else (a comment, `#if canImport(X)`, code) gives `nil`.
  public static func module(importedBy line: Substring) -> String? {
    var words = line.split(whereSeparator: \.isWhitespace)[...]
    while let first = words.first, first.hasPrefix("@") || accessModifiers.contains(first) {
      words.removeFirst()
    }
    guard words.popFirst() == "import", var path = words.popFirst() else { return nil }
    if declarationKinds.contains(path) {
      guard let next = words.popFirst() else { return nil }
      path = next
    }
    let module = path.prefix { $0 != "." && $0 != ";" }
    guard let head = module.first, head == "_" || head.isLetter,
      module.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber })
    else { return nil }
    return String(module)
  }

  /// The imports of the Swift files under `directory` (relative to `root`, as a target's
  /// path is), in file order; none when the directory does not exist.
  public static func scan(directory: String, root: URL) -> [SourceImport] {
    let base = root.appendingPathComponent(directory)
    guard
      let enumerator = FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      .map { RepositoryPath.normalized(directory + "/" + relativePath(of: $0, in: base)) }
      .sorted()
    return files.flatMap { file -> [SourceImport] in
      guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      else { return [] }
      // Lines inside a multi-line string literal (a test's expected source, a template) are
      // text, not declarations.
      var isInsideString = false
      var found: [SourceImport] = []
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        if !isInsideString, let module = module(importedBy: line) {
          found.append(SourceImport(module: module, file: file, line: index + 1))
        }
        if line.ranges(of: "\"\"\"").count % 2 == 1 { isInsideString.toggle() }
      }
      return found
    }
  }

  /// The imports of every target of `graph`, by target name.
  public static func scan(_ graph: PackageGraph, root: URL) -> [String: [SourceImport]] {
    Dictionary(
      uniqueKeysWithValues: graph.targets.map { ($0.name, scan(directory: $0.path, root: root)) })
  }

  private static func relativePath(of file: URL, in base: URL) -> String {
    let filePath = file.standardizedFileURL.path
    let basePath = base.standardizedFileURL.path
    guard filePath.hasPrefix(basePath + "/") else { return file.lastPathComponent }
    return String(filePath.dropFirst(basePath.count + 1))
  }

  private static let accessModifiers: Set<Substring> = [
    "public", "package", "internal", "fileprivate", "private",
  ]
  private static let declarationKinds: Set<Substring> = [
    "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
  ]
}

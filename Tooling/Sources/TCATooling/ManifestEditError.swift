/// Why the features list of `Package.swift` could not be read or edited.
public enum ManifestEditError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The manifest has no `let features: [Feature] = [` line.
  case missingList
  /// The manifest has more than one such line.
  case ambiguousList
  /// The list is not laid out as one entry a line, closed by a `]` line at the indentation of
  /// its opening line.
  case unrecognizedList
  /// The list already declares the feature.
  case duplicate(String)

  /// What is wrong and how to fix it.
  public var description: String {
    switch self {
    case .missingList:
      "Package.swift has no `\(ManifestEditor.listDeclaration)` list; restore its Features section."
    case .ambiguousList:
      "Package.swift has more than one `\(ManifestEditor.listDeclaration)` list."
    case .unrecognizedList:
      """
      Package.swift's features list must be `[]` or one entry a line closed by a `]` line at \
      the indentation of `\(ManifestEditor.listDeclaration)`.
      """
    case let .duplicate(name):
      "Package.swift already declares the feature `\(name)`."
    }
  }
}

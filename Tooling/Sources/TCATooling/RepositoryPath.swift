/// Helpers for the slash-separated paths, relative to the package root, that git and
/// `swift package describe` print.
public enum RepositoryPath {
  /// `path` without a leading `./`, repeated or trailing slashes.
  public static func normalized(_ path: String) -> String {
    var components = path.split(separator: "/", omittingEmptySubsequences: true)
    while components.first == "." {
      components.removeFirst()
    }
    return components.joined(separator: "/")
  }

  /// Whether `path` is `directory` itself or lies inside it.
  public static func path(_ path: String, isInside directory: String) -> Bool {
    let directory = normalized(directory)
    guard !directory.isEmpty else { return true }
    let path = normalized(path)
    return path == directory || path.hasPrefix(directory + "/")
  }
}

/// One file a scaffold writes.
public struct ScaffoldFile: Hashable, Sendable {
  /// The file's path, relative to the package root.
  public var path: String
  /// The file's contents.
  public var contents: String

  /// Creates a file.
  public init(path: String, contents: String) {
    self.path = path
    self.contents = contents
  }
}

/// A base revision git does not know.
public enum GitChangesError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The revision names no commit.
  case unknownRevision(String)

  /// What went wrong, for people.
  public var description: String {
    switch self {
    case let .unknownRevision(revision):
      "`\(revision)` names no commit in this repository (fetch it first, or pass another --base)."
    }
  }
}

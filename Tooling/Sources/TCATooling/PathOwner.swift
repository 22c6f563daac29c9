/// What a changed file means for the package graph.
public enum PathOwner: Hashable, Sendable {
  /// The file belongs to this target.
  case target(String)
  /// The file is documentation; it affects no target.
  case documentation
  /// The file can affect any target; the reason says why.
  case everything(reason: String)
}

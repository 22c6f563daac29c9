/// What a changed file means for the package graph.
public enum PathOwner: Hashable, Sendable {
  /// The file belongs to this target.
  case target(String)
  /// The file is documentation; it affects no target.
  case documentation
  /// The file belongs to a package of its own nested in the repository (the benchmarks), which
  /// depends on the root package but is not part of its graph; it affects no root target.
  case nestedPackage(String)
  /// The file can affect any target; the reason says why.
  case everything(reason: String)
}

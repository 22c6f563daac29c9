/// The root manifest's `TEST_TARGETS` environment variable: a comma-separated list of test
/// target names that keeps only those test targets in the package graph.
public enum TestTargetsVariable {
  /// The variable's name.
  public static let name = "TEST_TARGETS"

  /// The variable's value for `targets`: their names, sorted, joined by commas.
  public static func value(for targets: some Sequence<String>) -> String {
    targets.sorted().joined(separator: ",")
  }
}

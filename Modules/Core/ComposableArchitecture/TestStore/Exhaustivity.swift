/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on

  /// Only what the test asserts is checked; the rest is skipped. With `showSkippedAssertions`,
  /// what was skipped is reported as expected issues ("Skipped assertions: …"), which inform
  /// without failing the test; in XCTest off Apple's platforms, which has no expected issues,
  /// it is printed.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without reporting what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}

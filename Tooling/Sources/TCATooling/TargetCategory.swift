/// How the tools group targets when they report them: everything that is neither an
/// executable nor a test (libraries, macros, plugins) counts as a library.
public enum TargetCategory: String, Hashable, Sendable, Codable, CaseIterable {
  /// Library, macro, plugin and other non-executable, non-test targets.
  case library
  /// Executable targets.
  case executable
  /// Test targets.
  case test
}

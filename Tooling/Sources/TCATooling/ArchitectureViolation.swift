/// One breach of an ``ArchitectureRule``.
public struct ArchitectureViolation: Hashable, Sendable, CustomStringConvertible {
  /// The rule broken.
  public var rule: ArchitectureRule
  /// The offending targets, the one that breaks the rule first.
  public var targets: [String]
  /// What is wrong and what the rule is, naming the targets.
  public var message: String

  /// Creates a violation.
  public init(rule: ArchitectureRule, targets: [String], message: String) {
    self.rule = rule
    self.targets = targets
    self.message = message
  }

  /// `[rule] message`.
  public var description: String { "[\(rule)] \(message)" }
}

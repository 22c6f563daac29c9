/// Why a ``ProfileUpdate`` is invalid: the field at fault and a sentence for people.
public struct ProfileValidationError: Error, Hashable, Sendable {
  /// The field at fault: `displayName`, `bio` or `email`.
  public var field: String
  /// What is wrong, in a sentence.
  public var message: String

  /// Creates a validation error.
  public init(field: String, message: String) {
    self.field = field
    self.message = message
  }
}

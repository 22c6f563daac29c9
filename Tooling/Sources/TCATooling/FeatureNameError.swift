/// Why a feature name was refused.
public enum FeatureNameError: Error, CustomStringConvertible, Sendable, Equatable {
  /// No name was given.
  case empty
  /// The name has characters other than ASCII letters and digits.
  case invalidCharacters(String)
  /// The name does not start with an uppercase ASCII letter.
  case notUpperCamelCase(String)
  /// The name is a Swift keyword.
  case keyword(String)
  /// The name ends in `Feature`, which the target names add themselves.
  case redundantSuffix(String)
  /// The name is taken by the layout, the runtime or Swift.
  case reserved(String, reason: String)
  /// A feature, target or folder of that name already exists.
  case alreadyExists(String, what: String)

  /// What is wrong with the name and what a valid one looks like.
  public var description: String {
    let rule = """
      Feature names are UpperCamelCase ASCII letters and digits starting with a letter, like \
      `Settings` or `Onboarding2`.
      """
    switch self {
    case .empty:
      return "The feature name is empty. \(rule)"
    case let .invalidCharacters(name):
      return """
        `\(name)` is not a valid feature name: it has characters other than ASCII letters and \
        digits. \(rule)
        """
    case let .notUpperCamelCase(name):
      return """
        `\(name)` is not a valid feature name: it must start with an uppercase letter. \(rule)
        """
    case let .keyword(name):
      return "`\(name)` is not a valid feature name: it is a Swift keyword."
    case let .redundantSuffix(name):
      return """
        `\(name)` is not a valid feature name: leave out the `Feature` suffix \
        (`\(name.dropLast("Feature".count))` gives `\(name)`).
        """
    case let .reserved(name, reason):
      return "`\(name)` is not a valid feature name: \(reason)."
    case let .alreadyExists(name, what):
      return "A feature named `\(name)` cannot be added: \(what) already exists."
    }
  }
}

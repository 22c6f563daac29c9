/// An action's short name for the time-travel panel: its case path with simple values kept and
/// larger ones elided, on one line: `users(.moveSelection(1))`, `search(.queryChanged("ali"))`,
/// `home(.postsResponse(.success(…)))`.
///
/// This is for reading a list at a glance; the action log (`_printChanges`) has every value.
public enum ActionSummary {
  /// The longest a string value is shown, in characters, before it is cut with `…`.
  public static let maximumStringLength = 24
  /// How deep nested cases are followed before the rest is elided.
  public static let maximumDepth = 6

  /// The short name of `action`.
  public static func text(of action: Any) -> String {
    let text = describe(action, depth: 0)
    return text.hasPrefix(".") ? String(text.dropFirst()) : text
  }

  private static func describe(_ value: Any, depth: Int) -> String {
    guard depth <= maximumDepth else { return "…" }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum:
      guard let payload = mirror.children.first, let name = payload.label else {
        return ".\(value)"
      }
      return ".\(name)(\(arguments(payload.value, depth: depth + 1)))"
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return describe(wrapped.value, depth: depth)
    default:
      return leaf(value)
    }
  }

  /// A case's associated values: a tuple's elements with their labels, or the one value.
  private static func arguments(_ payload: Any, depth: Int) -> String {
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple else { return describe(payload, depth: depth) }
    return mirror.children.map { child in
      let value = describe(child.value, depth: depth)
      guard let label = child.label, !label.hasPrefix(".") else { return value }
      return "\(label): \(value)"
    }.joined(separator: ", ")
  }

  /// A value that is not a case: strings quoted (and cut), numbers and booleans as written,
  /// anything else elided.
  private static func leaf(_ value: Any) -> String {
    switch value {
    case let string as String:
      let shown =
        string.count > maximumStringLength
        ? String(string.prefix(maximumStringLength - 1)) + "…" : string
      return "\"\(shown)\""
    case let character as Character:
      return "\"\(character)\""
    case is Bool, is Int, is Double, is Float, is Int64, is Int32, is UInt:
      return "\(value)"
    default:
      return "…"
    }
  }
}

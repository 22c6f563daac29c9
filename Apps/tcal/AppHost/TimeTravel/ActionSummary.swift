/// An action's short name for the time-travel panel: its case path with simple values kept and
/// larger ones elided, on one line: `users(.moveSelection(1))`, `search(.queryChanged("ali"))`,
/// `home(.postsResponse(.success(…)))`. An element's action (a stack's or a `forEach`'s
/// `.element(id:action:)`) is written as a subscript, so that its own case shows in a narrow
/// panel: `path[#2].userDetail(.onAppear)`, `rows[3].tapped`.
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
      if let element = element(payload.value, depth: depth + 1) {
        return ".\(name)\(element)"
      }
      return ".\(name)(\(arguments(payload.value, depth: depth + 1)))"
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return describe(wrapped.value, depth: depth)
    default:
      return leaf(value)
    }
  }

  /// `[id]` and the action (`[3].tapped`) when `value` is an element's action,
  /// `.element(id:action:)`; `nil` for any other value.
  private static func element(_ value: Any, depth: Int) -> String? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let payload = mirror.children.first,
      payload.label == "element"
    else { return nil }
    let fields = Array(Mirror(reflecting: payload.value).children)
    guard fields.count == 2, fields[0].label == "id", fields[1].label == "action" else {
      return nil
    }
    return "[\(identifier(fields[0].value))]" + describe(fields[1].value, depth: depth + 1)
  }

  /// An element's id: a number or string as written, a stack element's `#n`, else `…`.
  private static func identifier(_ id: Any) -> String {
    let children = Array(Mirror(reflecting: id).children)
    if Mirror(reflecting: id).displayStyle == .struct, children.count == 1,
      let number = children[0].value as? Int
    {
      return "#\(number)"
    }
    return leaf(id)
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

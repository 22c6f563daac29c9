import CustomDump

/// A one-line description of an action's case path, without associated values:
/// `Feature.Action.rows(.element(id:, action: .toggle))`, `Feature.Action.set(_:, animated:)`.
@usableFromInline
func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  func describe(_ value: Any, abbreviated: Bool) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first else {
      let name = typeName(of: value)
      return mirror.displayStyle == .enum ? "\(abbreviated ? "" : name).\(value)" : name
    }
    let label = child.label ?? ""
    let prefix = abbreviated ? "" : typeName(of: value)
    let payloadMirror = Mirror(reflecting: child.value)
    if payloadMirror.displayStyle == .tuple {
      // `_:` for a payload without a label (Mirror names it `.0`), and an enum payload's case.
      let labels = payloadMirror.children.map { element in
        let name = element.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "_"
        let isEnum = Mirror(reflecting: element.value).displayStyle == .enum
        return isEnum
          ? "\(name): \(describe(element.value, abbreviated: true))" : "\(name):"
      }
      return "\(prefix).\(label)(\(labels.joined(separator: ", ")))"
    }
    if payloadMirror.displayStyle == .enum {
      return "\(prefix).\(label)(\(describe(child.value, abbreviated: true)))"
    }
    return "\(prefix).\(label)"
  }
  return describe(value, abbreviated: abbreviated)
}

/// The type of `value`, named by ``readableTypeName(_:)``.
private func typeName(of value: Any) -> String {
  readableTypeName(type(of: value))
}

/// `type`'s name qualified by its enclosing types but not its module, nor by the "(unknown
/// context at $…)" of a private or local type: `TodoList.Action`.
func readableTypeName(_ type: Any.Type) -> String {
  var name = Substring(String(reflecting: type))
  if let dot = name.firstIndex(of: ".") {
    name = name[name.index(after: dot)...]
  }
  while let start = name.firstRange(of: "(unknown context at $") {
    guard let end = name[start.upperBound...].firstRange(of: ").") else { break }
    name.removeSubrange(start.lowerBound..<end.upperBound)
  }
  return String(name)
}

/// `value` dumped by CustomDump, an enum case without its type (`.response(.success(1))`), as
/// TCA lists actions that arrived unasserted.
func abbreviatedDump(_ value: Any) -> String {
  let dump = String(customDumping: value)
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return dump }
  let caseName = mirror.children.first?.label ?? String(describing: value)
  guard let start = dump.firstRange(of: ".\(caseName)") else { return dump }
  return String(dump[start.lowerBound...])
}

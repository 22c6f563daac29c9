/// A one-line description of an action's case path, without associated values:
/// `Feature.Action.child(.row(.element(id:action:)))`.
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
      let labels = payloadMirror.children.map { "\($0.label ?? "_"):" }.joined()
      return "\(prefix).\(label)(\(labels))"
    }
    if payloadMirror.displayStyle == .enum {
      return "\(prefix).\(label)(\(describe(child.value, abbreviated: true)))"
    }
    return "\(prefix).\(label)"
  }
  return describe(value, abbreviated: abbreviated)
}

/// The type of `value`, qualified by its enclosing types but not its module:
/// `TodoList.Action`.
private func typeName(of value: Any) -> String {
  let name = String(reflecting: type(of: value))
  guard let dot = name.firstIndex(of: ".") else { return name }
  return String(name[name.index(after: dot)...])
}

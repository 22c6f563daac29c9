/// A one-line description of an action's case path, without associated values:
/// `Feature.Action.child(.row(.element(id:action:)))`.
@usableFromInline
func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  func describe(_ value: Any, abbreviated: Bool) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first else {
      let name = String(describing: type(of: value))
      return mirror.displayStyle == .enum ? "\(abbreviated ? "" : name).\(value)" : name
    }
    let label = child.label ?? ""
    let typeName = abbreviated ? "" : String(describing: type(of: value))
    let payloadMirror = Mirror(reflecting: child.value)
    if payloadMirror.displayStyle == .tuple {
      let labels = payloadMirror.children.map { "\($0.label ?? "_"):" }.joined()
      return "\(typeName).\(label)(\(labels))"
    }
    if payloadMirror.displayStyle == .enum {
      return "\(typeName).\(label)(\(describe(child.value, abbreviated: true)))"
    }
    return "\(typeName).\(label)"
  }
  return describe(value, abbreviated: abbreviated)
}

/// The runtime warning for a child action that arrives while enum state is in another case,
/// in TCA's wording.
///
/// - Parameters:
///   - reducer: How the reducer is named in the message: `An "ifCaseLet" at "…"`,
///     `A "Scope" at "…"`.
///   - isScope: Whether the reducer is a `Scope`, whose first reason points to `ifCaseLet`.
@usableFromInline
func wrongCaseMessage(reducer: String, isScope: Bool, action: Any, state: Any) -> String {
  let stateName = "\"\(abbreviatedTypeName(type(of: state)))\""
  let firstReason =
    isScope
    ? """
    A parent reducer set \(stateName) to a different case before the scoped reducer ran. \
    Child reducers must run before any parent reducer sets child state to a different case. \
    This ensures that child reducers can handle their actions while their state is still \
    available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the parent \
    reducer that change its state to ensure the child reducer runs first.
    """
    : """
    A parent reducer set \(stateName) to a different case before this reducer ran. This \
    reducer must run before any other reducer sets child state to a different case. This \
    ensures that child reducers can handle their actions while their state is still available.
    """
  return """
    \(reducer) received a child action when child state was set to a different case. …

      Action:
        \(debugCaseOutput(action))
      State:
        \(debugCaseOutput(state))

    This is generally considered an application logic error, and can happen for a few reasons:

    • \(firstReason)

    • An in-flight effect emitted this action when child state was unavailable. While it may \
    be perfectly reasonable to ignore this action, consider canceling the associated effect \
    before child state changes to another case, especially if it is a long-living effect.

    • This action was sent to the store while state was another case. Make sure that actions \
    for this reducer can only be sent from a view store when state is set to the appropriate \
    case. In SwiftUI applications, use "SwitchStore".
    """
}

/// `type`'s name as ``readableTypeName(_:)`` gives it, without generic arguments: `Result`
/// for `Result<Int, any Error>`.
func abbreviatedTypeName(_ type: Any.Type) -> String {
  var name = readableTypeName(type)
  while let open = name.firstIndex(of: "<") {
    var depth = 0
    var close: String.Index?
    for index in name[open...].indices {
      if name[index] == "<" { depth += 1 }
      if name[index] == ">" {
        depth -= 1
        if depth == 0 {
          close = index
          break
        }
      }
    }
    guard let close else { break }
    name.removeSubrange(open...close)
  }
  return name
}

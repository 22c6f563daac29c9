/// The runtime warning for a child action that arrives while enum state is in another case.
///
/// - Parameters:
///   - reducer: How the reducer is named in the message: `An "ifCaseLet"`, `A "Scope"`.
@usableFromInline
func wrongCaseMessage(reducer: String, action: Any, state: Any) -> String {
  """
  \(reducer) received a child action when child state was set to a different case. …

    Action:
      \(debugCaseOutput(action))
    State:
      \(debugCaseOutput(state))

  This is generally considered an application logic error, and can happen for a few reasons:

  • A parent reducer set state to a different case before this reducer ran. This reducer must \
  run before any other reducer sets state to a different case.

  • An in-flight effect emitted this action when state was set to a different case.

  • This action was sent to the store while state was another case.
  """
}

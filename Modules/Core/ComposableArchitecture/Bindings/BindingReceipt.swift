import CustomDump
import IssueReporting
import Synchronization

/// Follows one binding action that a store sent when a field was set (`store.text = "…"`), and
/// reports it, once the action is gone, if nothing applied it: the feature's reducer has no
/// ``BindingReducer``, so the field never changed.
final class BindingReceipt: Sendable {
  private let handled = Atomic<Bool>(false)
  private let action: String

  /// A receipt for the binding action of `actionType` that writes `value`.
  init<Action>(actionType: Action.Type, value: some Sendable) {
    var dump = ""
    customDump(value, to: &dump, maxDepth: 0)
    self.action = "\(readableTypeName(actionType)).binding(.set(_, \(dump)))"
  }

  /// Records that a reducer applied the action.
  func markHandled() {
    handled.store(true, ordering: .relaxed)
  }

  deinit {
    guard !handled.load(ordering: .relaxed) else { return }
    reportIssue(
      """
      A binding action sent from a store was not handled. …

        Action:
          \(action)

      To fix this, invoke "BindingReducer()" from your feature reducer's "body".
      """
    )
  }
}

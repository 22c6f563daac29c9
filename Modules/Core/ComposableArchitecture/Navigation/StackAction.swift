/// An action of a navigation stack: an action for one element, a pop, or a push.
@CasePathable
public enum StackAction<State, Action>: CasePathable {
  /// An action for the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id` (sent by a host that manages the stack itself).
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The stack action of a reducer's state and action: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

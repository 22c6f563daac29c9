/// The reducer a ``TestStore`` runs: the feature's reducer, recording what it needs to check.
///
/// Actions the test sends arrive as ``TestAction/send(_:)``; actions the feature's effects
/// send back arrive as ``TestAction/receive(_:)`` and are recorded with the state they
/// produced, for ``TestStore/receive(_:timeout:assert:fileID:file:line:column:)`` to check.
struct TestReducer<State, Action>: Reducer {
  enum TestAction {
    case send(Action)
    case receive(Action)
  }

  let base: Reduce<State, Action>
  let harness: TestHarness<State, Action>

  func reduce(into state: inout State, action: TestAction) -> Effect<TestAction> {
    let harness = self.harness
    let effects: Effect<Action>
    let origin: Action
    switch action {
    case let .send(action):
      origin = action
      effects = self.base.reduce(into: &state, action: action)
      harness.sentState = state
    case let .receive(action):
      origin = action
      let stateBefore = state
      // Read from the dependencies in force (not through `@Dependency`, which would merge its
      // own copy of them into those on every received action).
      let nextStackElementID = DependencyValues._current.stackElementID.peek()
      effects = self.base.reduce(into: &state, action: action)
      harness.didReceive(
        action, before: stateBefore, after: state, nextStackElementID: nextStackElementID)
    }
    guard !effects.isSynchronous else {
      return effects._map { TestAction.receive($0) }
    }
    // The whole effect of an action is one unit: in flight from when it starts until every
    // task of it (a concatenation's included) has finished or has been cancelled.
    let id = harness.makeEffectID()
    let location = harness.location
    return Effect(
      operation: .observed(
        onStart: { tasks in
          harness.effectDidStart(id, action: origin, location: location, tasks: tasks)
          // A merged effect's tasks finish in any order; each one that has finished no longer
          // counts as running.
          guard tasks.count > 1 else { return }
          for (index, task) in tasks.enumerated() {
            Task {
              await task.value
              harness.effectTaskDidFinish(id, index: index)
            }
          }
        },
        onFinish: { harness.effectDidFinish(id) },
        effect: effects
      )
    )
    ._map { TestAction.receive($0) }
  }
}

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
      effects = self.base.reduce(into: &state, action: action)
      harness.receivedActions.append((action, state))
    }
    guard !effects.isSynchronous else {
      return effects._map { TestAction.receive($0) }
    }
    // The whole effect of an action is one unit: in flight from when it starts until every
    // task of it (a concatenation's included) has finished, and cancelled as one.
    let id = harness.makeEffectID()
    let key = CancellationKey(id: id)
    let location = harness.location
    return Effect(
      operation: .observed(
        onStart: { harness.effectDidStart(id, action: origin, key: key, location: location) },
        onFinish: { harness.effectDidFinish(id) },
        effect: Effect(operation: .cancellable(id: key, cancelInFlight: false, effect: effects))
      )
    )
    ._map { TestAction.receive($0) }
  }
}

/// What a ``TestStore`` knows about the run so far: the state after the last sent action,
/// actions received and not yet asserted, and effects still running.
///
/// Only touched on the main actor: by the test store, by its reducer (which the store runs on
/// the main actor) and by its effects, which hop there to report that they finished.
final class TestHarness<State, Action>: @unchecked Sendable {
  struct InFlightEffect {
    let action: Action
    let key: CancellationKey
    let location: TestLocation
  }

  var sentState: State?
  var receivedActions: [(action: Action, state: State)] = []
  var inFlightEffects: [Int: InFlightEffect] = [:]
  var location = TestLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  private var nextEffectID = 0

  init() {}

  func makeEffectID() -> Int {
    defer { self.nextEffectID += 1 }
    return self.nextEffectID
  }

  func effectDidStart(_ id: Int, action: Action, key: CancellationKey, location: TestLocation) {
    self.inFlightEffects[id] = InFlightEffect(action: action, key: key, location: location)
  }

  func effectDidFinish(_ id: Int) {
    self.inFlightEffects[id] = nil
  }
}

/// A source location in a test, where an assertion was written.
struct TestLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// Reports `message` as a test issue at this location.
  func report(_ message: String) {
    reportIssue(
      message, fileID: self.fileID, filePath: self.filePath, line: self.line, column: self.column)
  }
}

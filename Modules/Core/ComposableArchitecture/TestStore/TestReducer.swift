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
    do {
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
      let location = harness.location
      return effects
        .transformingRuns { run in
          let id = harness.makeEffectID()
          let key = CancellationKey(id: id, path: NavigationIDPath())
          let tracked = run._transformOperation { operation in
            { send in
              await operation(send)
              await MainActor.run { harness.effectDidFinish(id) }
            }
          }
          return Effect(
            operation: .observed(
              onStart: { harness.effectDidStart(id, action: origin, key: key, location: location) },
              effect: Effect(operation: .cancellable(id: key, cancelInFlight: false, effect: tracked))
            )
          )
        }
        ._map { TestAction.receive($0) }
    }
  }
}

extension Effect {
  /// A `run` effect with its operation wrapped.
  func _transformOperation(_ transform: (@escaping RunOperation) -> RunOperation) -> Self {
    guard case let .run(name, priority, operation) = self.operation else { return self }
    return Self(operation: .run(name: name, priority: priority, operation: transform(operation)))
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

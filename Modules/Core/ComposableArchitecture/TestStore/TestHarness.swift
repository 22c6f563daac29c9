import CustomDump
import Foundation
import IssueReporting

/// What a ``TestStore`` knows about the run so far: the state after the last sent action,
/// actions received and not yet asserted, and effects still running.
///
/// It is written on the main actor (by the test store, by its reducer, and by its effects when
/// they finish) and read, at the end of a test, wherever the store is released, so every
/// access takes its lock.
final class TestHarness<State, Action>: @unchecked Sendable {
  /// An action an effect sent back, with the state before and after it was reduced.
  struct ReceivedAction {
    let action: Action
    let stateBefore: State
    let state: State
    /// The stack element id that was next before the action was reduced: where an assertion
    /// closure's `append` starts.
    let nextStackElementID: StackElementID
    /// Whether an action was sent after this one was received (an exhaustive test must not
    /// do that): the asserted state has moved past it, so it is checked against its own
    /// `stateBefore`.
    var isStale = false
    /// Whether it was already reported as never asserted (by `finish()`).
    var wasReported = false
  }

  /// The effect returned for one action, from when it starts until all of its tasks have
  /// finished.
  struct InFlightEffect {
    let action: Action
    let location: TestLocation
    let tasks: [Task<Void, Never>]
    /// The indices in ``tasks`` of the tasks that have finished.
    var finished: Set<Int> = []

    /// Whether any of its tasks is still running: neither finished nor cancelled. A cancelled
    /// task no longer counts, from the moment it is cancelled, even though it may take a moment
    /// to wind down; so an effect merging one that finished with one just cancelled is done.
    var isRunning: Bool {
      self.tasks.indices.contains { !self.finished.contains($0) && !self.tasks[$0].isCancelled }
    }
  }

  private struct Storage {
    var sentState: State?
    var receivedActions: [ReceivedAction] = []
    var inFlightEffects: [Int: InFlightEffect] = [:]
    var location = TestLocation(
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    var nextEffectID = 0
  }

  private let lock = NSLock()
  private var storage = Storage()

  init() {}

  private func withStorage<R>(_ body: (inout Storage) -> R) -> R {
    self.lock.lock()
    defer { self.lock.unlock() }
    return body(&self.storage)
  }

  /// The state right after the action being sent was reduced.
  var sentState: State? {
    get { self.withStorage { $0.sentState } }
    set { self.withStorage { $0.sentState = newValue } }
  }

  /// Where the action being sent was sent from.
  var location: TestLocation {
    get { self.withStorage { $0.location } }
    set { self.withStorage { $0.location = newValue } }
  }

  /// The actions received and not yet asserted, oldest first.
  var receivedActions: [ReceivedAction] {
    get { self.withStorage { $0.receivedActions } }
    set { self.withStorage { $0.receivedActions = newValue } }
  }

  /// Whether an action was received and not yet asserted.
  var hasReceivedActions: Bool {
    self.withStorage { !$0.receivedActions.isEmpty }
  }

  /// The effects still running (not finished, not cancelled), in the order their actions were
  /// sent or received.
  var runningEffects: [InFlightEffect] {
    self.withStorage { storage in
      storage.inFlightEffects.sorted { $0.key < $1.key }.map(\.value).filter(\.isRunning)
    }
  }

  /// Whether any effect is still running.
  var hasRunningEffects: Bool {
    self.withStorage { $0.inFlightEffects.values.contains(where: \.isRunning) }
  }

  func didReceive(
    _ action: Action, before: State, after: State, nextStackElementID: StackElementID
  ) {
    self.withStorage {
      $0.receivedActions.append(
        ReceivedAction(
          action: action, stateBefore: before, state: after,
          nextStackElementID: nextStackElementID))
    }
  }

  func makeEffectID() -> Int {
    self.withStorage { storage in
      defer { storage.nextEffectID += 1 }
      return storage.nextEffectID
    }
  }

  func effectDidStart(
    _ id: Int,
    action: Action,
    location: TestLocation,
    tasks: [Task<Void, Never>]
  ) {
    guard !tasks.isEmpty else { return }
    self.withStorage {
      $0.inFlightEffects[id] = InFlightEffect(
        action: action, location: location, tasks: tasks)
    }
  }

  /// Records that the task at `index` of the effect `id` has finished.
  func effectTaskDidFinish(_ id: Int, index: Int) {
    self.withStorage { _ = $0.inFlightEffects[id]?.finished.insert(index) }
  }

  func effectDidFinish(_ id: Int) {
    self.withStorage { _ = $0.inFlightEffects.removeValue(forKey: id) }
  }

  /// Forgets every effect, returning those still running.
  func removeAllEffects() -> [InFlightEffect] {
    self.withStorage { storage in
      defer { storage.inFlightEffects.removeAll() }
      return storage.inFlightEffects.sorted { $0.key < $1.key }.map(\.value).filter(\.isRunning)
    }
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

  /// Reports what a non-exhaustive test skipped, when it shows skipped assertions: an expected
  /// issue, which informs without failing the test. XCTest has no expected issues off Apple's
  /// platforms (it would fail the test instead), so there it is printed.
  func reportSkipped(_ message: String, exhaustivity: Exhaustivity) {
    guard exhaustivity != .off(showSkippedAssertions: false) else { return }
    #if !canImport(Darwin)
      if TestContext.current == .xcTest {
        print("\(self.filePath):\(self.line): Skipped assertions: …\n\n\(message)")
        return
      }
    #endif
    withExpectedIssue(
      isIntermittent: true, fileID: self.fileID, filePath: self.filePath, line: self.line,
      column: self.column
    ) {
      self.report(
        """
        Skipped assertions: …

        \(message)
        """
      )
    }
  }
}

/// The message of actions that were skipped: "1 received action was skipped: …".
func skippedActionsMessage<Action>(_ actions: [Action], dumpingOneAlone: Bool) -> String {
  let dump =
    dumpingOneAlone && actions.count == 1
    ? String(customDumping: actions[0]) : String(customDumping: actions)
  return """
    \(actions.count) received action\(actions.count == 1 ? " was" : "s were") skipped:

    \(dump)
    """
}

import ConcurrencyExtras
import Foundation
import IssueReporting

/// The effects started by one ``TestStore/send(_:assert:fileID:file:line:column:)``.
public struct TestStoreTask: Hashable, Sendable {
  /// The task running the effects, or `nil` when the action started none.
  public let rawValue: Task<Void, Never>?
  let timeout: UInt64

  /// Cancels the effects and waits for them to stop, on the caller's actor.
  public func cancel(isolation: isolated (any Actor)? = #isolation) async {
    self.rawValue?.cancel()
    await self.rawValue?.value
  }

  /// Waits for the effects to finish, on the caller's actor, reporting an issue when they are
  /// still running after `timeout` nanoseconds (the store's timeout by default).
  public func finish(
    timeout nanoseconds: UInt64? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    guard let rawValue = self.rawValue else { return }
    let timeout = nanoseconds ?? self.timeout
    let isFinished = LockIsolated(false)
    let watcher = Task {
      await rawValue.value
      isFinished.setValue(true)
    }
    let didFinish = await waitUntil(timeout: timeout, isolation: isolation) {
      isFinished.value
    }
    if !didFinish {
      watcher.cancel()
      let timeoutMessage =
        timeout != self.timeout
        ? #"try increasing the duration of this assertion's "timeout""#
        : #"configure this assertion with an explicit "timeout""#
      reportIssue(
        """
        Expected task to finish, but it is still in-flight\
        \(timeout > 0 ? " after \(seconds(timeout)) seconds" : "").

        If this task delivers its action using a clock/scheduler (via "sleep(for:)", \
        "timer(interval:)", etc.), make sure that you wait enough time for it to \
        perform its work. If you are using a test clock/scheduler, advance the scheduler so that \
        the effects may complete, or consider using an immediate clock/scheduler to immediately \
        perform the effect instead.

        If you are not yet using a clock/scheduler, or cannot use a clock/scheduler, \
        \(timeoutMessage).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Waits for the effects to finish, on the caller's actor, reporting an issue after
  /// `duration`.
  public func finish(
    timeout duration: Duration,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.finish(
      timeout: duration.nanoseconds, fileID: fileID, file: filePath, line: line, column: column,
      isolation: isolation)
  }

  /// Whether the effects were cancelled (true when there were none).
  public var isCancelled: Bool {
    self.rawValue?.isCancelled ?? true
  }
}

/// Yields and briefly sleeps until `condition` holds or `timeout` nanoseconds have passed;
/// returns whether the condition held.
func waitUntil(
  timeout: UInt64,
  isolation: isolated (any Actor)? = #isolation,
  _ condition: () -> Bool
) async -> Bool {
  let start = DispatchTime.now().uptimeNanoseconds
  while !condition() {
    await Task.megaYield()
    if condition() { return true }
    if DispatchTime.now().uptimeNanoseconds - start >= timeout { return false }
    try? await Task.sleep(nanoseconds: 50_000)
  }
  return true
}

/// `nanoseconds` as a number of seconds for messages: "0.1", "1.0".
func seconds(_ nanoseconds: UInt64) -> String {
  String(Double(nanoseconds) / 1_000_000_000)
}

extension Duration {
  /// The duration in whole nanoseconds (saturating).
  var nanoseconds: UInt64 {
    let (seconds, attoseconds) = self.components
    guard seconds >= 0 else { return 0 }
    return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
  }
}

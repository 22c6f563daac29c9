import Foundation
import IssueReporting
import Synchronization

/// Tracks the changes made to shared values while a test store runs its feature, so that its
/// assertions can require them: the test store's part of swift-sharing's change tracking.
///
/// While *tracking* (a send, and the effects it starts), the first change to a shared value
/// records the value it had. While *asserting* (the test's closure and the comparison that
/// follows), shared values read that recorded value, `withLock` edits it instead of the live
/// value, and `==` compares it with the live value: a change the closure did not assert is a
/// difference, which CustomDump shows as recorded (−) against live (+).
public final class _SharedChangeTracker: @unchecked Sendable {
  /// The tracker of the current task, and of the tasks it starts.
  @TaskLocal public static var current: _SharedChangeTracker?

  private let lock = NSRecursiveLock()
  private var snapshots: [ObjectIdentifier: any SnapshotHolder] = [:]
  /// The shared values among ``snapshots`` that an assertion compared.
  private var asserted: Set<ObjectIdentifier> = []
  private let asserting = Atomic<Bool>(false)
  private let reportsUnassertedChanges: Bool

  /// Whether the tracker asserts (see ``assert(_:)``); read by shared values on any thread.
  var isAsserting: Bool {
    asserting.load(ordering: .acquiring)
  }

  /// A tracker with no changes. With `reportUnassertedChanges` (in tests, by default), a change
  /// it recorded that no assertion compared (`$count == $count`) is reported when it goes away,
  /// as in swift-sharing: "Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1". (A
  /// test store makes its tracker without, and reports unasserted changes itself.)
  public init(reportUnassertedChanges: Bool = isTesting) {
    self.reportsUnassertedChanges = reportUnassertedChanges
    liveTrackers.add(1, ordering: .relaxed)
  }

  deinit {
    liveTrackers.subtract(1, ordering: .relaxed)
    if reportsUnassertedChanges {
      for (id, holder) in snapshots where !asserted.contains(id) {
        guard let change = holder.recordedChange else { continue }
        reportIssue("Tracked unasserted changes to \(change)")
      }
    }
    // The values it recorded are forgotten with it, so the next tracker records its own.
    for holder in snapshots.values {
      holder.clearSnapshot()
    }
  }

  /// ``current``, without the task-local lookup when no tracker exists at all (in an app,
  /// where only test stores make trackers): what every shared read and write asks.
  static var active: _SharedChangeTracker? {
    liveTrackers.load(ordering: .relaxed) == 0 ? nil : current
  }

  /// Whether a shared value changed since the last ``reset()``.
  public var hasChanges: Bool {
    lock.withLock { !snapshots.isEmpty }
  }

  /// Runs `body`, recording the changes it (and the tasks it starts) make to shared values.
  public func track<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$current.withValue(self, operation: body)
  }

  /// Runs `body` with shared values reading, editing and comparing their recorded values.
  public func assert<R>(_ body: () throws -> R) rethrows -> R {
    let wasAsserting = asserting.exchange(true, ordering: .acquiringAndReleasing)
    defer { asserting.store(wasAsserting, ordering: .releasing) }
    return try Self.$current.withValue(self, operation: body)
  }

  /// Forgets the recorded changes: the shared values' live values are now the expected ones.
  public func reset() {
    let holders = lock.withLock { () -> [any SnapshotHolder] in
      defer {
        snapshots.removeAll()
        asserted.removeAll()
      }
      return Array(snapshots.values)
    }
    for holder in holders {
      holder.clearSnapshot()
    }
  }

  /// Records that `holder` has a snapshot, for ``reset()`` to clear.
  func record(_ holder: any SnapshotHolder) {
    lock.withLock { snapshots[ObjectIdentifier(holder)] = holder }
  }

  /// Records that an assertion compared the shared value whose root reference is `id`.
  func markAsserted(_ id: ObjectIdentifier) {
    lock.withLock { _ = asserted.insert(id) }
  }
}

extension _SharedChangeTracker: Hashable {
  /// Trackers are equal when they are the same tracker, as in swift-sharing.
  public static func == (lhs: _SharedChangeTracker, rhs: _SharedChangeTracker) -> Bool {
    lhs === rhs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// ``_SharedChangeTracker`` under swift-sharing's name for it, in the same SPI group
/// (`@_spi(SharedChangeTracking) import Sharing`).
@_spi(SharedChangeTracking)
public typealias SharedChangeTracker = _SharedChangeTracker

/// How many trackers exist.
private let liveTrackers = Atomic<Int>(0)

/// A reference that keeps a recorded value while a tracker follows its changes.
protocol SnapshotHolder: AnyObject, Sendable {
  /// Drops the recorded value.
  func clearSnapshot()
  /// The change from the recorded value to the live one, as swift-sharing words it:
  /// `'Shared<Int>(value: 1)': 0 → 1`; `nil` when no value is recorded.
  var recordedChange: String? { get }
}

import ConcurrencyExtras
import Foundation
import Sharing
import Testing

private struct LoadFailure: Error {}
private struct SaveFailure: Error {}

/// A key whose loads and saves the test finishes by hand, and whose subscriber it holds (the
/// replacement tests use it too).
final class ManualKey: SharedKey, @unchecked Sendable {
  let id = UUID()
  let loads = LockIsolated<[LoadContinuation<Int>]>([])
  let saves = LockIsolated<[SaveContinuation]>([])
  let subscriber = LockIsolated<SharedSubscriber<Int>?>(nil)

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    loads.withValue { $0.append(continuation) }
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
    -> SharedSubscription
  {
    self.subscriber.setValue(subscriber)
    return SharedSubscription {}
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    saves.withValue { $0.append(continuation) }
  }
}

/// A key that fails every save, and every load unless told otherwise.
private struct FailingKey: SharedKey {
  let id = UUID()
  var failsLoads = true

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    if failsLoads {
      continuation.resume(throwing: LoadFailure())
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(throwing: SaveFailure())
  }
}

/// A key's load and save errors are kept as the shared value's `loadError` and `saveError`,
/// cleared as swift-sharing clears them, and thrown by `load()` and `save()`. In a test they are
/// not issues (swift-sharing reports them only outside tests, in debug builds): a test that does
/// not expect one fails on the value, not on an issue it must wrap in `withKnownIssue`.
struct StorageErrorReportingTests {
  @Test
  func aFailedFirstLoadIsKeptAndNotAnIssueInATest() {
    @SharedReader(FailingKey()) var count = 0
    #expect($count.loadError is LoadFailure)
    #expect(count == 0)
  }

  @Test
  func aLoadErrorStaysWhileTheNextLoadRunsAndGoesWhenItSucceeds() async throws {
    let key = ManualKey()
    @SharedReader(key) var count = 0
    key.loads.value[0].resume(throwing: LoadFailure())
    #expect($count.loadError is LoadFailure)
    let reload = Task { [$count] in try await $count.load() }
    while key.loads.value.count < 2 { await Task.yield() }
    #expect($count.isLoading)
    #expect($count.loadError is LoadFailure)
    key.loads.value[1].resume(returning: 42)
    try await reload.value
    #expect(count == 42)
    #expect($count.loadError == nil)
  }

  @Test
  func aFailedExplicitLoadIsThrownAndKept() async {
    let key = ManualKey()
    @SharedReader(key) var count = 0
    key.loads.value[0].resume(returning: 1)
    await #expect(throws: LoadFailure.self) {
      let reload = Task { [$count] in try await $count.load() }
      while key.loads.value.count < 2 { await Task.yield() }
      key.loads.value[1].resume(throwing: LoadFailure())
      try await reload.value
    }
    #expect(count == 1)
  }

  @Test
  func aRequiredValueThatFailsToLoadIsThrownWithoutAnIssue() async {
    await #expect(throws: LoadFailure.self) {
      _ = try await SharedReader<Int>(require: FailingKey())
    }
  }

  @Test
  func aSubscriptionErrorIsKeptAndAValueClearsItButNotTheSaveError() {
    let key = ManualKey()
    @Shared(key) var count = 0
    key.loads.value[0].resumeReturningInitialValue()
    $count.withLock { $0 = 1 }
    key.saves.value[0].resume(throwing: SaveFailure())
    key.subscriber.value?.yield(throwing: LoadFailure())
    #expect($count.loadError is LoadFailure)
    #expect($count.saveError is SaveFailure)
    key.subscriber.value?.yield(5)
    #expect(count == 5)
    #expect($count.loadError == nil)
    #expect($count.saveError is SaveFailure)
  }

  @Test
  func aSaveErrorStaysUntilASaveSucceeds() {
    let key = ManualKey()
    @Shared(key) var count = 0
    key.loads.value[0].resumeReturningInitialValue()
    $count.withLock { $0 = 1 }
    key.saves.value[0].resume(throwing: SaveFailure())
    #expect($count.saveError is SaveFailure)
    $count.withLock { $0 = 2 }
    #expect($count.saveError is SaveFailure)
    key.saves.value[1].resume()
    #expect($count.saveError == nil)
  }

  @Test
  func anExplicitSaveThatFailsIsThrownAndKept() async {
    @Shared(FailingKey(failsLoads: false)) var count = 0
    await #expect(throws: SaveFailure.self) {
      try await $count.save()
    }
    #expect($count.saveError is SaveFailure)
  }

  @Test
  func aSuccessfulExplicitSaveClearsTheLoadError() async throws {
    let key = ManualKey()
    @Shared(key) var count = 0
    key.loads.value[0].resume(throwing: LoadFailure())
    #expect($count.loadError != nil)
    let save = Task { [$count] in try await $count.save() }
    while key.saves.value.isEmpty { await Task.yield() }
    key.saves.value[0].resume()
    try await save.value
    #expect($count.loadError == nil)
    #expect($count.saveError == nil)
  }
}

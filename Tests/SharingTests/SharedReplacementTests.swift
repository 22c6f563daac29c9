import ConcurrencyExtras
import Dependencies
import Foundation
import Observation
import Sharing
import Testing

/// Giving a shared value another one (`$count = …`) or another key (`load(_:)`), as the
/// DynamicKeys article has it, is a change: observers of the value are told, and its
/// publisher's streams go on with the new value.
struct SharedReplacementTests {
  @Test
  func assigningAnotherSharedValueIsAChangeToItsObservers() {
    @Shared(value: 1) var count
    let changed = isChange(to: { _ = count }) { $count = Shared(value: 2) }
    #expect(changed)
    #expect(count == 2)
  }

  @Test
  func loadingAnotherKeyIsAChangeToItsObservers() async throws {
    @Shared(.inMemory("first")) var count = 1
    @Shared(.inMemory("second")) var other = 5
    let changed = isChange(to: { _ = count })
    try await $count.load(.inMemory("second"))
    #expect(changed())
    #expect(count == 5)
    $other.withLock { $0 = 6 }
    #expect(count == 6)
  }

  @Test
  func assigningAnotherReaderIsAChangeToItsObservers() {
    @SharedReader(value: 1) var count
    let changed = isChange(to: { _ = count }) { $count = SharedReader(value: 3) }
    #expect(changed)
    #expect(count == 3)
  }

  // A stream that stayed with the old value would wait for ever: the limit fails it instead.
  @Test(.timeLimit(.minutes(1)))
  func thePublisherGoesOnWithTheValueAssigned() async {
    @Shared(.inMemory("first")) var count = 0
    @Shared(.inMemory("second")) var other = 10
    var values = $count.publisher.values.makeAsyncIterator()
    #expect(await values.next() == 0)
    $count.withLock { $0 = 1 }
    #expect(await values.next() == 1)
    $count = $other
    #expect(await values.next() == 10)
    $other.withLock { $0 = 11 }
    #expect(await values.next() == 11)
  }

  // A stream that stayed with the old value would wait for ever: the limit fails it instead.
  @Test(.timeLimit(.minutes(1)))
  func thePublisherGoesOnWithAKeyLoaded() async throws {
    @Shared(.inMemory("first")) var count = 0
    @Shared(.inMemory("second")) var other = 20
    var values = $count.publisher.values.makeAsyncIterator()
    #expect(await values.next() == 0)
    try await $count.load(.inMemory("second"))
    #expect(await values.next() == 20)
    $other.withLock { $0 = 21 }
    #expect(await values.next() == 21)
  }

  @Test
  func whileAnotherKeyLoadsTheSharedValueIsLoadingIt() async throws {
    let first = ManualKey()
    let second = ManualKey()
    @Shared(first) var count = 0
    first.loads.value[0].resume(returning: 1)
    let load = Task { [$count] in try await $count.load(second) }
    while second.loads.value.isEmpty { await Task.yield() }
    #expect($count.isLoading)
    #expect(count == 1)
    second.loads.value[0].resume(returning: 2)
    try await load.value
    #expect(!$count.isLoading)
    #expect(count == 2)
    second.subscriber.value?.yield(3)
    #expect(count == 3)
  }

  @Test
  func whileAnotherKeyLoadsTheReaderIsLoadingIt() async throws {
    let first = ManualKey()
    let second = ManualKey()
    @SharedReader(first) var count = 0
    first.loads.value[0].resume(returning: 1)
    let load = Task { [$count] in try await $count.load(second) }
    while second.loads.value.isEmpty { await Task.yield() }
    #expect($count.isLoading)
    second.loads.value[0].resume(returning: 2)
    try await load.value
    #expect(!$count.isLoading)
    #expect(count == 2)
  }

  // The stream sees the loaded key's value once, after the load: not the value carried over
  // while it loads.
  @Test(.timeLimit(.minutes(1)))
  func thePublisherGoesOnWithAKeyOnceItIsLoaded() async throws {
    let second = ManualKey()
    @Shared(.inMemory("first")) var count = 0
    var values = $count.publisher.values.makeAsyncIterator()
    #expect(await values.next() == 0)
    let load = Task { [$count] in try await $count.load(second) }
    while second.loads.value.isEmpty { await Task.yield() }
    second.loads.value[0].resume(returning: 7)
    try await load.value
    #expect(await values.next() == 7)
    second.subscriber.value?.yield(8)
    #expect(await values.next() == 8)
  }

  @Test
  func aValueAssignedWhileAnotherKeyLoadsIsKept() async throws {
    let second = ManualKey()
    @Shared(value: 1) var count
    let load = Task { [$count] in try await $count.load(second) }
    while second.loads.value.isEmpty { await Task.yield() }
    $count = Shared(value: 5)
    second.loads.value[0].resume(returning: 2)
    try await load.value
    #expect(count == 5)
  }

  @Test
  func inMemoryUserDefaultsAreANewEmptySuiteEachTime() {
    let first = UserDefaults.inMemory
    first.set(1, forKey: "count")
    #expect(UserDefaults.inMemory.object(forKey: "count") == nil)
    withDependencies {
      $0.defaultAppStorage = .inMemory
    } operation: {
      @Shared(.appStorage("count")) var count = 3
      $count.withLock { $0 = 4 }
      #expect(count == 4)
    }
  }

  /// Whether `change` is a change to an observer of what `read` reads.
  private func isChange(to read: () -> Void, when change: () -> Void) -> Bool {
    let changed = isChange(to: read)
    change()
    return changed()
  }

  /// Starts observing what `read` reads; the result tells whether it has changed since.
  private func isChange(to read: () -> Void) -> @Sendable () -> Bool {
    let changed = LockIsolated(false)
    withObservationTracking(read) { changed.setValue(true) }
    return { changed.value }
  }
}

import ConcurrencyExtras
import Dependencies
import Observation
import Sharing
import Testing

/// A key that counts the subscriptions made to it: one per reference of its storage.
private struct CountingKey: SharedKey {
  let id: String
  let subscriptions: LockIsolated<Int>

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resume(returning: 7)
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
    -> SharedSubscription
  {
    subscriptions.withValue { $0 += 1 }
    return SharedSubscription {}
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
  }
}

extension SharedKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var tally: Self {
    Self[.inMemory("tally"), default: 1]
  }
}

/// A key with its default (`Key.Default`) is its base key's storage however a shared value of
/// it is made, and a default is evaluated only when nothing holds a value.
struct DefaultKeyTests {
  @Test
  func aKeysInitialValueIsItsDefault() {
    #expect(InMemoryKey<Int>.Default.tally.initialValue == 1)
  }

  @Test
  func aRequiredDefaultKeySharesTheReferenceOfItsBase() async throws {
    let subscriptions = LockIsolated(0)
    let key = CountingKey.Default[CountingKey(id: "a", subscriptions: subscriptions), default: 0]
    let required = try await Shared(require: key)
    @Shared(key) var declared
    withExtendedLifetime((required, $declared)) {
      #expect(subscriptions.value == 1)
    }
    $declared.withLock { $0 = 3 }
    #expect(required.wrappedValue == 3)
  }

  @Test
  func aDefaultKeyLoadedIntoASharedValueSharesTheReferenceOfItsBase() async throws {
    let subscriptions = LockIsolated(0)
    let key = CountingKey.Default[CountingKey(id: "b", subscriptions: subscriptions), default: 0]
    @SharedReader(value: 0) var loaded
    try await $loaded.load(key)
    @SharedReader(key) var declared
    withExtendedLifetime(($loaded, $declared)) {
      #expect(subscriptions.value == 1)
    }
  }

  @Test
  func aRequiredInMemoryDefaultKeyIsTheNamedValue() async throws {
    @Shared(.tally) var tally
    $tally.withLock { $0 = 5 }
    let required = try await Shared(require: .tally)
    required.withLock { $0 += 1 }
    #expect(tally == 6)
  }

  @Test
  func anInMemoryDefaultIsNotEvaluatedWhenTheNameHoldsAValue() {
    do {
      @Shared(.inMemory("lazy")) var value = 1
      _ = value
    }
    let evaluated = LockIsolated(false)
    func fallback() -> Int {
      evaluated.setValue(true)
      return 2
    }
    @Shared(.inMemory("lazy")) var value = fallback()
    #expect(value == 1)
    #expect(!evaluated.value)
  }

  @Test
  func anInMemoryNameStoredAsNilKeepsItsNil() {
    do {
      @Shared(.inMemory("optional")) var value: Int? = 4
      $value.withLock { $0 = nil }
    }
    @Shared(.inMemory("optional")) var value: Int? = 9
    #expect(value == nil)
  }
}

/// `InMemoryStorage.removeValue(for:default:)`, as in swift-sharing.
struct InMemoryStorageTests {
  @Test
  func removingANameResetsItsSharedValuesAndNotifiesTheirObservers() {
    @Dependency(\.defaultInMemoryStorage) var storage
    @Shared(.inMemory("count")) var count = 0
    $count.withLock { $0 = 5 }
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = count
    } onChange: {
      changed.setValue(true)
    }
    storage.removeValue(for: InMemoryKey<Int>.inMemory("count"), default: 0)
    #expect(changed.value)
    #expect(count == 0)
  }

  @Test
  func aRemovedNameTakesTheNextDefault() {
    @Dependency(\.defaultInMemoryStorage) var storage
    do {
      @Shared(.inMemory("count")) var count = 3
      _ = count
    }
    storage.removeValue(for: InMemoryKey<Int>.inMemory("count"), default: 0)
    @Shared(.inMemory("count")) var count = 7
    #expect(count == 7)
  }
}

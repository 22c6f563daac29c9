import ConcurrencyExtras
import Dependencies
import Foundation
import IdentifiedCollections
import Observation
import Sharing
import Testing

private struct Settings: Equatable, Sendable {
  var theme = "dark"
  var pageSize = 20
}

private struct Row: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

/// Every holder of a key shares one value, seen at once by the others, and parts of it are
/// shared values too.
struct SharedTests {
  @Test
  func aPartReadInsideTheWholesWithLockIsAsBeforeTheChange() throws {
    // `$rows.withLock { $0.remove(id: row.id) }` with `row` made from `$rows[id:]`, as TCA's
    // SyncUps deletes a meeting: reading the part inside the lock used to crash the process
    // (simultaneous access to the value being changed).
    @Shared(.inMemory("rows")) var rows: IdentifiedArrayOf<Row> = [
      Row(id: 1, title: "One"), Row(id: 2, title: "Two"),
    ]
    let row = try #require(Shared($rows[id: 1]))
    let title = $rows.withLock { rows -> String in
      rows.remove(id: row.wrappedValue.id)
      return row.wrappedValue.title
    }
    #expect(title == "One")
    #expect(rows.map(\.id) == [2])

    @Shared(value: 1) var count: Int
    let doubled = $count.withLock { count -> Int in
      count += 1
      return $count.wrappedValue * 2
    }
    #expect(doubled == 2)
    #expect(count == 2)
  }

  @Test
  func twoHoldersOfAnInMemoryKeyShareOneValue() {
    @Shared(.inMemory("count")) var count = 0
    @Shared(.inMemory("count")) var sameCount = 10
    #expect(sameCount == 0)
    $count.withLock { $0 += 1 }
    #expect(count == 1)
    #expect(sameCount == 1)
    @SharedReader(.inMemory("count")) var reader = 0
    #expect(reader == 1)
  }

  @Test
  func eachTestStartsWithNoInMemoryValues() {
    @Shared(.inMemory("count")) var count = 42
    #expect(count == 42)
  }

  @Test
  func aValueSharedWithAChildIsTheSameValue() {
    let parent = Shared(value: Settings())
    let child = parent
    child.withLock { $0.pageSize = 50 }
    #expect(parent.wrappedValue.pageSize == 50)
    let passed = Shared(projectedValue: parent)
    passed.withLock { $0.theme = "light" }
    #expect(parent.wrappedValue.theme == "light")
  }

  @Test
  func aPartOfASharedValueIsSharedWithIt() {
    @Shared(.inMemory("settings")) var settings = Settings()
    let theme: Shared<String> = $settings.theme
    theme.withLock { $0 = "light" }
    #expect(settings.theme == "light")
    $settings.withLock { $0.theme = "solarized" }
    #expect(theme.wrappedValue == "solarized")
    let pageSize: SharedReader<Int> = SharedReader($settings).pageSize
    $settings.withLock { $0.pageSize = 30 }
    #expect(pageSize.wrappedValue == 30)
  }

  @Test
  func anElementOfASharedCollectionIsHandedToADetail() throws {
    @Shared(.inMemory("rows")) var rows: IdentifiedArrayOf<Row> = [
      Row(id: 1, title: "One"), Row(id: 2, title: "Two"),
    ]
    let detail = try #require(Shared($rows[id: 2]))
    detail.withLock { $0.title = "Deux" }
    #expect(rows[id: 2]?.title == "Deux")
    #expect(Shared($rows[id: 3]) == nil)
    // Removed from the collection, the detail keeps showing what it last had.
    $rows.withLock { _ = $0.remove(id: 2) }
    #expect(detail.wrappedValue.title == "Deux")
  }

  @Test
  func aReaderFollowsTheSharedValueItWasMadeFrom() {
    let shared = Shared(value: 1)
    let reader = SharedReader(shared)
    shared.withLock { $0 = 2 }
    #expect(reader.wrappedValue == 2)
    #expect(SharedReader(value: 7).wrappedValue == 7)
  }

  @Test
  func observationSeesAWriteByAnotherHolder() {
    @Shared(.inMemory("theme")) var theme = "dark"
    @Shared(.inMemory("theme")) var other = "dark"
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = theme
    } onChange: {
      changed.setValue(true)
    }
    $other.withLock { $0 = "light" }
    #expect(changed.value)
  }

  @Test
  func aKeyWithADefault() {
    @Shared(.pageSize) var pageSize
    #expect(pageSize == 25)
    $pageSize.withLock { $0 = 40 }
    @Shared(.inMemory("pageSize")) var same = 0
    #expect(same == 40)
  }

  @Test
  func anOptionalKeyStartsNil() {
    @Shared(.inMemory("selection")) var selection: Int?
    #expect(selection == nil)
    $selection.withLock { $0 = 3 }
    #expect(selection == 3)
  }
}

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var pageSize: Self {
    Self[.inMemory("pageSize"), default: 25]
  }
}

/// A key over a dictionary the test controls: what the storage holds, whether it fails, and a
/// subscriber the test can push changes through.
private final class Storage: @unchecked Sendable {
  let values = LockIsolated<[String: Int]>([:])
  let failLoads = LockIsolated(false)
  let failSaves = LockIsolated(false)
  let saves = LockIsolated<[Int]>([])
  let subscriber = LockIsolated<SharedSubscriber<Int>?>(nil)
}

private struct StorageError: Error, Equatable {}

private struct DictionaryKey: SharedKey {
  let name: String
  let storage: Storage

  var id: String { name }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    if storage.failLoads.value {
      continuation.resume(throwing: StorageError())
    } else if let value = storage.values[name] {
      continuation.resume(returning: value)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
    -> SharedSubscription
  {
    storage.subscriber.setValue(subscriber)
    return SharedSubscription { storage.subscriber.setValue(nil) }
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    if storage.failSaves.value {
      continuation.resume(throwing: StorageError())
      return
    }
    storage.values.withValue { $0[name] = value }
    storage.saves.withValue { $0.append(value) }
    continuation.resume()
  }
}

/// A custom key: what it loads, what it is told to save, what it reports, and its errors.
struct SharedKeyTests {
  @Test
  func theStoredValueReplacesTheDefault() {
    let storage = Storage()
    storage.values.setValue(["count": 5])
    @Shared(DictionaryKey(name: "count", storage: storage)) var count = 0
    #expect(count == 5)
  }

  @Test
  func eachChangeIsSaved() {
    let storage = Storage()
    @Shared(DictionaryKey(name: "count", storage: storage)) var count = 0
    $count.withLock { $0 += 1 }
    $count.withLock { $0 += 1 }
    #expect(storage.saves.value == [1, 2])
    #expect(storage.values["count"] == 2)
  }

  @Test
  func aChangeFromElsewhereArrivesThroughTheSubscription() throws {
    let storage = Storage()
    @Shared(DictionaryKey(name: "count", storage: storage)) var count = 0
    let subscriber = try #require(storage.subscriber.value)
    subscriber.yield(9)
    #expect(count == 9)
    subscriber.yieldReturningInitialValue()
    #expect(count == 0)
    subscriber.yield(throwing: StorageError())
    #expect(count == 0)
    #expect($count.loadError is StorageError)
  }

  @Test
  func aFailedLoadKeepsTheValueAndSaysWhy() async {
    let storage = Storage()
    @Shared(DictionaryKey(name: "count", storage: storage)) var count = 3
    storage.failLoads.setValue(true)
    await #expect(throws: StorageError.self) {
      try await $count.load()
    }
    #expect(count == 3)
    #expect($count.loadError is StorageError)
    storage.failLoads.setValue(false)
    storage.values.setValue(["count": 4])
    try? await $count.load()
    #expect(count == 4)
    #expect($count.loadError == nil)
  }

  @Test
  func aFailedSaveSaysWhyUntilASaveSucceeds() async throws {
    let storage = Storage()
    @Shared(DictionaryKey(name: "count", storage: storage)) var count = 0
    storage.failSaves.setValue(true)
    $count.withLock { $0 = 1 }
    #expect($count.saveError is StorageError)
    storage.failSaves.setValue(false)
    try await $count.save()
    #expect($count.saveError == nil)
    #expect(storage.values["count"] == 1)
  }

  @Test
  func aRequiredValueMustBeStored() async throws {
    let storage = Storage()
    await #expect(throws: (any Error).self) {
      _ = try await Shared<Int>(require: DictionaryKey(name: "missing", storage: storage))
    }
    storage.values.setValue(["present": 8])
    let present = try await Shared<Int>(require: DictionaryKey(name: "present", storage: storage))
    #expect(present.wrappedValue == 8)
  }

  // As in swift-sharing, whose subscription cancels itself when it is freed: a key wrapping
  // another key's subscription may count on it ending when it lets go of it.
  @Test
  func aSubscriptionNoOneHoldsIsCancelled() {
    let storage = Storage()
    let cancels = LockIsolated(0)
    do {
      let subscription = SharedSubscription { cancels.withValue { $0 += 1 } }
      _ = subscription
    }
    #expect(cancels.value == 1)
    let kept = SharedSubscription { cancels.withValue { $0 += 1 } }
    kept.cancel()
    #expect(cancels.value == 2)
    do {
      _ = DictionaryKey(name: "count", storage: storage).subscribe(
        context: .userInitiated, subscriber: SharedSubscriber { _ in })
    }
    #expect(storage.subscriber.value == nil)
  }

  // As in swift-sharing: a change made before the body throws stays, and is saved.
  @Test
  func aChangeMadeBeforeTheLockedBodyThrowsIsSaved() {
    let storage = Storage()
    @Shared(DictionaryKey(name: "count", storage: storage)) var count = 1
    #expect(throws: StorageError.self) {
      try $count.withLock { value in
        value = 5
        throw StorageError()
      }
    }
    #expect(count == 5)
    #expect(storage.values["count"] == 5)
    #expect(storage.saves.value == [5])
  }

  @Test
  func theSubscriptionEndsWithTheLastHolder() {
    let storage = Storage()
    do {
      @Shared(DictionaryKey(name: "count", storage: storage)) var count = 0
      #expect(storage.subscriber.value != nil)
      _ = count
    }
    #expect(storage.subscriber.value == nil)
  }
}

/// A key that never answers a load: its continuation is dropped.
private struct SilentKey: SharedReaderKey {
  var id: String { "silent" }
  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {}
  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }
}

/// What swift-sharing 2 offers beside the property wrappers: collections of shared elements,
/// computed readers, descriptions, and the errors a key reports.
struct SharedConveniencesTests {
  @Test
  func anArrayOfASharedIdentifiedArrayHoldsSharedElements() {
    @Shared(value: [Row(id: 1, title: "One"), Row(id: 2, title: "Two")])
    var rows: IdentifiedArrayOf<Row>
    let elements = Array($rows)
    #expect(elements.map(\.wrappedValue) == Array(rows))
    elements[1].withLock { $0.title = "Deux" }
    #expect(rows[id: 2]?.title == "Deux")
  }

  @Test
  func anArrayOfASharedReaderOfAnIdentifiedArrayHoldsReadersOfItsElements() {
    @Shared(value: [Row(id: 1, title: "One"), Row(id: 2, title: "Two")])
    var rows: IdentifiedArrayOf<Row>
    let reader = SharedReader($rows)
    let elements: [SharedReader<Row>] = Array(reader)
    #expect(elements.map(\.wrappedValue) == Array(rows))
    $rows.withLock { $0[id: 2]?.title = "Deux" }
    #expect(elements[1].wrappedValue.title == "Deux")
  }

  @Test
  func aReaderComputedFromASharedValueFollowsIt() {
    @Shared(value: 2) var count: Int
    let doubled = $count.read { $0 * 2 }
    #expect(doubled.wrappedValue == 4)
    $count.withLock { $0 = 5 }
    #expect(doubled.wrappedValue == 10)
    #expect(SharedReader($count).read { "\($0)" }.wrappedValue == "5")
  }

  @Test
  func descriptionsNameTheValuesTypeWithoutItsModule() {
    @Shared(value: 0) var count: Int
    #expect($count.description == "Shared<Int>(value: 0)")
    #expect(SharedReader($count).description == "SharedReader<Int>(value: 0)")
    @Shared(value: nil) var name: String?
    #expect($name.description == "Shared<String?>(value: nil)")
    // A value read through a closure names its source, as swift-sharing's `.map(…)`.
    #expect(
      SharedReader($count).read { "\($0)" }.description
        == "SharedReader<String>(.map(value: 0, as: String.self))")
  }

  @Test
  func descriptionsWriteOptionalsArraysAndDictionariesShortAndLocalTypesInTheirScope() {
    struct Item: Equatable {
      var name = "a"
    }
    #expect(Shared(value: [1]).description == "Shared<[Int]>(value: [1])")
    #expect(Shared(value: ["a": 1]).description == #"Shared<[String: Int]>(value: ["a": 1])"#)
    #expect(Shared<[Int?]?>(value: nil).description == "Shared<[Int?]?>(value: nil)")
    #expect(
      SharedReader(value: [Item()]).description
        == #"SharedReader<[SharedConveniencesTests.Item]>(value: [\#(String(reflecting: Item()))])"#
    )
    #expect(
      Shared<[String: [Item?]]>(value: [:]).description
        == "Shared<[String: [SharedConveniencesTests.Item?]]>(value: [:])")
    #expect(Shared(value: (1, "a")).description == #"Shared<(Int, String)>(value: (1, "a"))"#)
    // Kept long where the short form would need parentheses.
    let function: (@Sendable () -> Int)? = nil
    #expect(Shared(value: function).description.hasPrefix("Shared<Optional<@Sendable () -> Int>>"))
  }

  @Test
  func aValueMadeWithAKeyAndItsDefaultDescribesBoth() {
    let key = InMemoryKey<Int>.Default[.inMemory("described-count"), default: 0]
    #expect("\(key)" == #"InMemoryKey<Int>.Default[.inMemory("described-count"), default: 0]"#)
    @Shared(key) var count
    #expect($count.description == "Shared<Int>(\(key))")
    #expect(SharedReader(key).description == "SharedReader<Int>(\(key))")
    // The storage is the base key's: a value made with the base key alone shares it, and the
    // key the storage was first made for describes it (as in swift-sharing).
    @Shared(.inMemory("described-count")) var same = 0
    #expect($same.description == "Shared<Int>(\(key))")
  }

  @Test
  func requiringAnOptionalValueThatNothingHoldsThrows() async throws {
    await #expect(throws: (any Error).self) {
      _ = try await Shared<Int?>(require: .inMemory("nothing-here"))
    }
    @Shared(.inMemory("something-here")) var stored: Int? = 3
    let required = try await Shared<Int?>(require: .inMemory("something-here"))
    #expect(required.wrappedValue == 3)
  }

  @Test
  func aSuccessfulSaveClearsTheLoadError() throws {
    let storage = Storage()
    storage.failLoads.setValue(true)
    let count = Shared(wrappedValue: 0, DictionaryKey(name: "count", storage: storage))
    #expect(count.loadError != nil)
    count.withLock { $0 = 1 }
    #expect(count.loadError == nil)
    #expect(storage.values["count"] == 1)
  }

  @Test
  func aDroppedContinuationIsReportedInSwiftSharingsWords() {
    withKnownIssue {
      @SharedReader(SilentKey()) var value = 0
      _ = value
    } matching: { issue in
      issue.description.contains(
        "leaked its continuation without one of its resume methods being invoked. This will "
          + "cause tasks waiting on it to resume immediately.")
    }
  }
}

/// `SharedReader($optional)` unwraps a reader of an optional value, as swift-sharing's does.
struct UnwrappedReaderTests {
  @Test
  func aReaderOfAnOptionalIsUnwrappedWhileItHoldsAValue() throws {
    @Shared(value: nil) var name: String?
    let reader = SharedReader<String?>($name)
    #expect(SharedReader(reader) == nil)
    $name.withLock { $0 = "Blob" }
    let unwrapped = try #require(SharedReader(reader))
    #expect(unwrapped.wrappedValue == "Blob")
    $name.withLock { $0 = "Blob, Jr." }
    #expect(unwrapped.wrappedValue == "Blob, Jr.")
    $name.withLock { $0 = nil }
    #expect(unwrapped.wrappedValue == "Blob, Jr.")
  }
}

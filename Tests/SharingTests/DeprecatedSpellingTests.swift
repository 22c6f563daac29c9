import Dependencies
import Foundation
import IdentifiedCollections
import Sharing
import Testing

// Code written against earlier releases of the sharing library: it compiles, with deprecation
// warnings naming the current spelling, and behaves as that spelling does. The tests are
// deprecated themselves, so that they build without warnings.

private struct Todo: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

private struct Profile: Equatable, Sendable {
  var nickname: String?
}

/// A key written in the old vocabulary: `PersistenceKey`, `PersistenceReaderKey`.
@available(*, deprecated)
private struct Counter: PersistenceKey {
  typealias Value = Int
  let name: String
  var id: String { name }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resume(returning: 7)
  }

  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> Shared<Int>.Subscription {
    SharedSubscription {}
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
  }
}

@Suite
struct DeprecatedSpellingTests {
  @available(*, deprecated)
  @Test
  func aKeyWrittenWithTheOldNamesWorks() throws {
    let reader: any PersistenceReaderKey<Int> = Counter(name: "a")
    #expect(reader.id as? String == "a")
    @Shared(Counter(name: "counter")) var count = 0
    #expect(count == 7)
  }

  @available(*, deprecated)
  @Test
  func persistenceKeyDefaultIsTheKeysDefault() {
    let key = PersistenceKeyDefault(InMemoryKey<Int>.inMemory("deprecated-default"), 3)
    @Shared(key) var value: Int
    #expect(value == 3)
  }

  @available(*, deprecated)
  @Test
  func theUnlabelledValueInitializerAndTheReader() {
    let shared = Shared(5)
    let reader = shared.reader
    shared.withLock { $0 += 1 }
    #expect(reader.wrappedValue == 6)
  }

  @available(*, deprecated)
  @Test
  func elementsAreTheCollectionsSharedElements() {
    let todos = Shared(value: IdentifiedArrayOf<Todo>([Todo(id: 1, title: "a")]))
    let elements = todos.elements
    #expect(elements.count == 1)
    elements[0].withLock { $0.title = "b" }
    #expect(todos.wrappedValue[id: 1]?.title == "b")
  }

  @available(*, deprecated)
  @Test
  func assertOutsideATestStoreSaysNothingWasTracked() {
    let count = Shared(value: 0)
    withKnownIssue {
      count.assert { $0 = 1 }
    } matching: {
      $0.description.contains("Expected changes, but none were tracked.")
    }
  }

  @Test
  func requireWithoutAwaitingLoadsAKeyThatAnswersAtOnce() throws {
    try withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("required")) var stored = 4
      let required = try Shared(require: .inMemory("required") as InMemoryKey<Int>)
      #expect(required.wrappedValue == 4)
      #expect(throws: (any Error).self) {
        try SharedReader(require: .inMemory("absent") as InMemoryKey<Int>)
      }
    }
  }
}

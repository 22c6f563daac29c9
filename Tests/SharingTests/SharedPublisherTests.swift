import ConcurrencyExtras
import Foundation
import Sharing
import Testing

private struct Settings: Equatable, Sendable {
  var theme = "dark"
  var pageSize = 20
}

/// `$value.publisher.values`: the current value, then each change, from any holder.
struct SharedPublisherTests {
  @Test
  func valuesStartWithTheCurrentValueAndFollowEveryChange() async {
    @Shared(.inMemory("count")) var count = 1
    let other = Shared(wrappedValue: 0, .inMemory("count"))
    var iterator = $count.publisher.values.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    $count.withLock { $0 = 2 }
    other.withLock { $0 += 1 }
    #expect(await iterator.next() == 2)
    #expect(await iterator.next() == 3)
  }

  @Test
  func aPartOfTheValueFollowsItsBase() async {
    let settings = Shared(value: Settings())
    var themes = settings.theme.publisher.values.makeAsyncIterator()
    var pageSizes = SharedReader(settings).pageSize.publisher.values.makeAsyncIterator()
    #expect(await themes.next() == "dark")
    #expect(await pageSizes.next() == 20)
    settings.withLock { $0.theme = "light" }
    settings.withLock { $0.pageSize = 50 }
    #expect(await themes.next() == "light")
    #expect(await themes.next() == "light")
    #expect(await pageSizes.next() == 20)
    #expect(await pageSizes.next() == 50)
  }

  @Test
  func iterationEndsWithItsTask() async {
    let count = Shared(value: 0)
    let received = LockIsolated<[Int]>([])
    let task = Task {
      for await value in count.publisher.values { received.withValue { $0.append(value) } }
    }
    while received.value.isEmpty { await Task.yield() }
    task.cancel()
    await task.value
    count.withLock { $0 = 1 }
    #expect(received.value == [0])
  }
}

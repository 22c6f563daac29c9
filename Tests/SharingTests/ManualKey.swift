import ConcurrencyExtras
import Foundation
import Sharing

/// A key whose loads and saves the test finishes by hand, and whose subscriber it holds.
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

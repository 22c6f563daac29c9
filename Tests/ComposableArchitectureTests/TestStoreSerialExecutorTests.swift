import ComposableArchitecture
import Foundation
import Testing

/// A feature whose effect reports whether it ran on the main queue, where the main actor runs.
@Reducer
struct QueueReportingFeature {
  struct State: Equatable {}

  enum Action: Equatable {
    case start
    case ranOnMainQueue(Bool)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .start:
        return .run { send in
          await send(.ranOnMainQueue(isOnMainQueue()))
        }
      case .ranOnMainQueue:
        return .none
      }
    }
  }
}

/// A feature whose effects each send an action as soon as they run, in the order started.
@Reducer
struct RacingFeature {
  struct State: Equatable {}

  enum Action: Equatable {
    case start
    case finished(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .start:
        return .merge(
          (1...5).map { index in
            .run { send in await send(.finished(index)) }
          }
        )
      case .finished:
        return .none
      }
    }
  }
}

/// Whether the caller runs on the main dispatch queue, which serves the main actor. (Not whether
/// it runs on the main thread: once the main queue is drained by `dispatchMain()`, as on Linux, it
/// may be served by another thread.)
private func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

@MainActor
@Suite
struct TestStoreSerialExecutorTests {
  @Test
  func effectsRunOnTheMainSerialExecutorByDefault() async {
    let store = TestStore(initialState: QueueReportingFeature.State()) {
      QueueReportingFeature()
    }
    #expect(store.useMainSerialExecutor)
    await store.send(.start)
    await store.receive(.ranOnMainQueue(true))
  }

  @Test
  func effectsRunInTheOrderTheyWereStarted() async {
    let store = TestStore(initialState: RacingFeature.State()) {
      RacingFeature()
    }
    await store.send(.start)
    for index in 1...5 {
      await store.receive(.finished(index))
    }
  }

  @Test
  func theSettingIsRestoredWhenTheStoreGoesAway() {
    // Synchronous on the main actor: no other test's store comes or goes in between.
    let original = uncheckedUseMainSerialExecutor
    do {
      let store = TestStore(initialState: QueueReportingFeature.State()) {
        QueueReportingFeature()
      }
      #expect(store.useMainSerialExecutor)
      #expect(uncheckedUseMainSerialExecutor)
      store.useMainSerialExecutor = false
      #expect(!store.useMainSerialExecutor)
      #expect(!uncheckedUseMainSerialExecutor)
    }
    #expect(uncheckedUseMainSerialExecutor == original)
  }

  /// As in TCA, each store restores the value it found, whatever other stores are alive: a
  /// test's setting does not depend on which tests ran before it.
  @Test
  func eachStoreRestoresTheValueItFound() {
    let original = uncheckedUseMainSerialExecutor
    defer { uncheckedUseMainSerialExecutor = original }
    uncheckedUseMainSerialExecutor = false
    var first: TestStoreOf<QueueReportingFeature>? = TestStore(
      initialState: QueueReportingFeature.State()
    ) {
      QueueReportingFeature()
    }
    var second: TestStoreOf<QueueReportingFeature>? = TestStore(
      initialState: QueueReportingFeature.State()
    ) {
      QueueReportingFeature()
    }
    #expect(uncheckedUseMainSerialExecutor)
    second = nil
    #expect(second == nil)
    #expect(uncheckedUseMainSerialExecutor)
    first = nil
    #expect(first == nil)
    #expect(!uncheckedUseMainSerialExecutor)
  }
}

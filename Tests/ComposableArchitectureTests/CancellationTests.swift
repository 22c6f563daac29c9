import ComposableArchitecture
import Testing

// MARK: - Features

/// A timer that ticks every second until it is cancelled.
@Reducer
struct CancellableTimer {
  @ObservableState
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable {
    case start
    case stop
    case stopFromEffect
    case tick
  }

  enum CancelID {
    case timer
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          while true {
            try await self.clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stop:
        return .cancel(id: CancelID.timer)
      case .stopFromEffect:
        return .run { _ in
          Task.cancel(id: CancelID.timer)
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// A search that debounces its queries by cancelling the one in flight.
@Reducer
struct DebouncedSearch {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }

  enum Action: Equatable {
    case queryChanged(String)
    case response(String)
  }

  enum CancelID {
    case search
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .run { send in
          try await self.clock.sleep(for: .milliseconds(300))
          await send(.response(query.uppercased()))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)
      case let .response(result):
        state.results.append(result)
        return .none
      }
    }
  }
}

/// Work wrapped in `withTaskCancellation` inside an effect.
@Reducer
struct CancellableLoader {
  @ObservableState
  struct State: Equatable {
    var loaded: [Int] = []
  }

  enum Action: Equatable {
    case load(Int)
    case loaded(Int)
    case cancelLoad
  }

  enum CancelID {
    case load
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .load(value):
        return .run { [clock] send in
          let result = try await withTaskCancellation(id: CancelID.load, cancelInFlight: true) {
            try await clock.sleep(for: .seconds(1))
            return value * 2
          }
          await send(.loaded(result))
        }
      case let .loaded(value):
        state.loaded.append(value)
        return .none
      case .cancelLoad:
        return .cancel(id: CancelID.load)
      }
    }
  }
}

/// An effect that never finishes on its own and reports when it is cancelled and when it ends.
@Reducer
struct NeverEndingEffect {
  @ObservableState
  struct State: Equatable {}

  enum Action: Equatable {
    case start
  }

  let onCancel: @Sendable () -> Void
  let onEnd: @Sendable () -> Void

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { _, _ in
      .run { [clock, onCancel, onEnd] _ in
        defer { onEnd() }
        await withTaskCancellationHandler {
          try? await clock.sleep(for: .seconds(1_000_000))
        } onCancel: {
          onCancel()
        }
      }
    }
  }
}

/// A row whose effects use the same cancellation id in every row.
@Reducer
struct SavingRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var saved = 0
  }

  enum Action: Equatable {
    case save
    case saved
    case stopSavingFromAnEffect
    case watch
  }

  enum CancelID {
    case save
  }

  let onWatchCancelled: @Sendable (Int) -> Void

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .save:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.saved)
        }
        .cancellable(id: CancelID.save, cancelInFlight: true)
      case .saved:
        state.saved += 1
        return .none
      case .stopSavingFromAnEffect:
        return .run { _ in
          Task.cancel(id: CancelID.save)
        }
      case .watch:
        let id = state.id
        return .run { [clock, onWatchCancelled] _ in
          await withTaskCancellationHandler {
            try? await clock.sleep(for: .seconds(1_000_000))
          } onCancel: {
            onWatchCancelled(id)
          }
        }
      }
    }
  }
}

@Reducer
struct SavingList {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<SavingRow.State> = [
      SavingRow.State(id: 1),
      SavingRow.State(id: 2),
    ]
    var detail: SavingRow.State?
  }

  enum Action: Equatable {
    case rows(IdentifiedActionOf<SavingRow>)
    case removeRow(Int)
    case detail(SavingRow.Action)
    case showDetail
    case dismissDetail
  }

  let onWatchCancelled: @Sendable (Int) -> Void

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .removeRow(id):
        state.rows.remove(id: id)
        return .none
      case .showDetail:
        state.detail = SavingRow.State(id: 100)
        return .none
      case .dismissDetail:
        state.detail = nil
        return .none
      case .rows, .detail:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      SavingRow(onWatchCancelled: self.onWatchCancelled)
    }
    .ifLet(\.detail, action: \.detail) {
      SavingRow(onWatchCancelled: self.onWatchCancelled)
    }
  }
}

/// A store of ``CancellableTimer`` ticking on `clock`.
@MainActor
private func timerStore(on clock: TestClock<Duration>) -> StoreOf<CancellableTimer> {
  Store(initialState: CancellableTimer.State()) {
    CancellableTimer()
  } withDependencies: {
    $0.continuousClock = clock
  }
}

// MARK: - Tests

@MainActor
@Suite
struct CancellationTests {
  @Test
  func cancelStopsTheEffectMadeCancellableWithTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: CancellableTimer.State()) {
      CancellableTimer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.ticks = 1
    }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test
  func cancelledTimerSendsNothingMoreToAStore() async {
    let clock = TestClock()
    let store = timerStore(on: clock)
    let task = store.send(.start)
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    #expect(await yieldUntil { store.ticks == 1 })
    store.send(.stop)
    await task.finish()
    await clock.advance(by: .seconds(3))
    for _ in 0..<100 { await Task.yield() }
    #expect(store.ticks == 1)
  }

  @Test
  func cancelInFlightDebouncesSoOnlyTheLastQueryResponds() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedSearch.State()) {
      DebouncedSearch()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = 5_000_000_000
    await store.send(.queryChanged("c")) {
      $0.query = "c"
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("ca")) {
      $0.query = "ca"
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("cat")) {
      $0.query = "cat"
    }
    // The first two queries would answer before the last one had they not been cancelled;
    // the exhaustive `receive` below would then get their responses first and fail.
    let advancing = advanceGradually(clock, by: .milliseconds(300), times: 4)
    await store.receive(.response("CAT")) {
      $0.results = ["CAT"]
    }
    await advancing.value
  }

  @Test
  func taskCancelFromInsideAnEffectCancelsTheEffectWithThatID() async {
    let clock = TestClock()
    let store = TestStore(initialState: CancellableTimer.State()) {
      CancellableTimer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.ticks = 1
    }
    await store.send(.stopFromEffect)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test
  func withTaskCancellationCancelInFlightCancelsThePreviousWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: CancellableLoader.State()) {
      CancellableLoader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = 5_000_000_000
    await store.send(.load(1))
    await waitForSleep(on: clock)
    await clock.advance(by: .milliseconds(500))
    await store.send(.load(2))
    // The first load would answer first had it not been cancelled.
    let advancing = advanceGradually(clock, by: .milliseconds(500), times: 6)
    await store.receive(.loaded(4)) {
      $0.loaded = [4]
    }
    await advancing.value
    await store.finish()
  }

  @Test
  func cancelEffectCancelsWorkRunningUnderWithTaskCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: CancellableLoader.State()) {
      CancellableLoader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.load(5))
    await store.send(.cancelLoad)
    await clock.advance(by: .seconds(2))
    await store.finish()
    #expect(store.state.loaded.isEmpty)
  }

  @Test
  func releasingTheStoreCancelsItsRunningEffects() async {
    let clock = TestClock()
    let cancelled = LockIsolated(false)
    let ended = LockIsolated(false)
    let reducer = NeverEndingEffect(
      onCancel: { cancelled.setValue(true) },
      onEnd: { ended.setValue(true) }
    )
    weak var weakStore: StoreOf<NeverEndingEffect>?
    do {
      let store = Store(initialState: NeverEndingEffect.State()) {
        reducer
      } withDependencies: {
        $0.continuousClock = clock
      }
      weakStore = store
      store.send(.start)
      // While the store lives, its effect keeps running.
      for _ in 0..<100 { await Task.yield() }
      #expect(!cancelled.value)
      #expect(!ended.value)
    }
    #expect(weakStore == nil)
    #expect(await yieldUntil { cancelled.value && ended.value })
  }

  @Test
  func cancellationIDsAreIsolatedBetweenStores() async {
    let clock = TestClock()
    let first = timerStore(on: clock)
    let second = timerStore(on: clock)
    let firstTask = first.send(.start)
    let secondTask = second.send(.start)
    for _ in 0..<100 { await Task.yield() }

    first.send(.stop)
    await firstTask.finish()
    // Only the second store's timer is left sleeping.
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))

    #expect(await yieldUntil { second.ticks == 1 })
    #expect(first.ticks == 0)
    second.send(.stop)
    await secondTask.finish()
  }

  @Test
  func idsOfDifferentTypesAreDifferentIDsEvenWhenEqualAsNumbers() async {
    let ended = LockIsolated<[String]>([])
    let started = LockIsolated(0)
    @Sendable func waitUntilCancelled(_ name: String) async {
      started.withValue { $0 += 1 }
      try? await Task.never()
      ended.withValue { $0.append(name) }
    }
    let store = Store(initialState: 0) {
      Reduce<Int, String> { _, action in
        switch action {
        case "start":
          return .merge(
            .run { _ in await waitUntilCancelled("Int") }.cancellable(id: 1 as Int),
            .run { _ in await waitUntilCancelled("UInt") }.cancellable(id: 1 as UInt)
          )
        case "stop UInt":
          return .cancel(id: 1 as UInt)
        default:
          return .cancel(id: 1 as Int)
        }
      }
    }
    let task = store.send("start")
    #expect(await yieldUntil { started.value == 2 })
    store.send("stop UInt")
    #expect(await yieldUntil { !ended.value.isEmpty })
    for _ in 0..<100 { await Task.yield() }
    #expect(ended.value == ["UInt"])
    store.send("stop Int")
    await task.finish()
    #expect(ended.value == ["UInt", "Int"])
  }

  @Test
  func aStoreTaskCanBeAwaitedFromAnotherActor() async {
    actor Waiter {
      /// Whether the effect had finished when `finish()` returned.
      func wait(for task: StoreTask, _ isFinished: @Sendable () -> Bool) async -> Bool {
        await task.finish()
        return isFinished()
      }
    }
    let clock = TestClock()
    let finished = LockIsolated(false)
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { _, _ in
        .run { _ in
          try? await clock.sleep(for: .seconds(1))
          finished.setValue(true)
        }
      }
    }
    let task = store.send(true)
    async let waited = Waiter().wait(for: task) { finished.value }
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    #expect(await waited)
  }

  // MARK: Cancellation scoped by navigation

  @Test
  func forEachRowsUsingTheSameCancelIDDoNotCancelEachOther() async {
    let clock = TestClock()
    let store = Store(initialState: SavingList.State()) {
      SavingList(onWatchCancelled: { _ in })
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.rows(.element(id: 1, action: .save)))
    store.send(.rows(.element(id: 2, action: .save)))
    // Advance step by step, so a sleep that starts late is still reached.
    for _ in 0..<5 where store.rows[id: 2]?.saved != 1 {
      await clock.advance(by: .seconds(1))
      _ = await yieldUntil(maxYields: 500) { store.rows[id: 2]?.saved == 1 }
    }
    _ = await yieldUntil(maxYields: 500) { store.rows[id: 1]?.saved == 1 }

    #expect(store.rows[id: 2]?.saved == 1)
    #expect(store.rows[id: 1]?.saved == 1)

  }

  @Test
  func taskCancelInsideARowEffectCancelsOnlyThatRowsEffect() async {
    let clock = TestClock()
    let store = Store(initialState: SavingList.State()) {
      SavingList(onWatchCancelled: { _ in })
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.rows(.element(id: 1, action: .save)))
    store.send(.rows(.element(id: 2, action: .save)))
    await store.send(.rows(.element(id: 1, action: .stopSavingFromAnEffect))).finish()
    for _ in 0..<5 where store.rows[id: 2]?.saved != 1 {
      await clock.advance(by: .seconds(1))
      _ = await yieldUntil(maxYields: 500) { store.rows[id: 2]?.saved == 1 }
    }
    await clock.advance(by: .seconds(1))
    _ = await yieldUntil(maxYields: 500) { false }

    #expect(store.rows[id: 2]?.saved == 1)
    #expect(store.rows[id: 1]?.saved == 0)
  }

  @Test
  func removingAForEachElementCancelsItsEffects() async {
    let clock = TestClock()
    let cancelled = LockIsolated<[Int]>([])
    let store = Store(initialState: SavingList.State()) {
      SavingList(onWatchCancelled: { id in cancelled.withValue { $0.append(id) } })
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.rows(.element(id: 1, action: .watch)))
    store.send(.rows(.element(id: 2, action: .watch)))
    await waitForSleep(on: clock)
    store.send(.removeRow(1))
    let didCancel = await yieldUntil(maxYields: 1_000) { cancelled.value.contains(1) }

    #expect(!cancelled.value.contains(2))
    #expect(didCancel)

  }

  @Test
  func dismissingAnIfLetChildCancelsItsEffects() async {
    let clock = TestClock()
    let cancelled = LockIsolated<[Int]>([])
    let store = Store(initialState: SavingList.State()) {
      SavingList(onWatchCancelled: { id in cancelled.withValue { $0.append(id) } })
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.showDetail)
    store.send(.detail(.watch))
    await waitForSleep(on: clock)
    store.send(.dismissDetail)
    let didCancel = await yieldUntil(maxYields: 1_000) { cancelled.value.contains(100) }

    #expect(store.detail == nil)
    #expect(didCancel)

  }
}

import ComposableArchitecture
import Testing

/// A counter with a timer, to record and step through.
@Reducer
struct TravelCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var isLoading = false
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case startTimer
    case tick
    case loadTapped
    case loaded(Int)
    case cancelLoad
  }

  struct LoadID: Hashable, Sendable {}

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped, .tick:
        state.count += 1
        return .none
      case .startTimer:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
      case .loadTapped:
        state.isLoading = true
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(42))
        }
        .cancellable(id: LoadID())
      case .cancelLoad:
        state.isLoading = false
        return .cancel(id: LoadID())
      case let .loaded(count):
        state.isLoading = false
        state.count = count
        return .none
      }
    }
  }
}

@MainActor
@Suite
struct TimeTravelTests {
  func makeStore(
    capacity: Int = 100,
    clock: TestClock<Duration> = TestClock()
  ) -> StoreOf<TimeTravel<TravelCounter>> {
    Store(initialState: TimeTravel<TravelCounter>.State(TravelCounter.State())) {
      TimeTravel(capacity: capacity) { TravelCounter() }
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test
  func recordsEachActionWithTheStateItProduced() {
    let store = makeStore()
    let counter = store.scope(state: \.current, action: \.base)
    counter.send(.incrementButtonTapped)
    counter.send(.incrementButtonTapped)
    #expect(store.history.map(\.action) == [nil, .incrementButtonTapped, .incrementButtonTapped])
    #expect(store.history.map(\.state.count) == [0, 1, 2])
    #expect(store.cursor == 2)
    #expect(counter.count == 2)
  }

  @Test
  func stepsBackAndForwardThroughRecordedStates() {
    let store = makeStore()
    let counter = store.scope(state: \.current, action: \.base)
    for _ in 1...3 { counter.send(.incrementButtonTapped) }

    store.send(.stepBack)
    #expect(counter.count == 2)
    store.send(.stepBack)
    #expect(counter.count == 1)
    #expect(store.canStepForward)
    store.send(.stepForward)
    #expect(counter.count == 2)
    store.send(.jump(to: 0))
    #expect(counter.count == 0)
    #expect(!store.canStepBack)
    store.send(.jump(to: 3))
    #expect(counter.count == 3)
    #expect(!store.canStepForward)
    // Stepping records nothing.
    #expect(store.history.count == 4)
  }

  @Test
  func resumingFromAPastStateDropsTheRecordedFuture() {
    let store = makeStore()
    let counter = store.scope(state: \.current, action: \.base)
    for _ in 1...3 { counter.send(.incrementButtonTapped) }
    store.send(.jump(to: 1))
    counter.send(.incrementButtonTapped)
    #expect(store.history.map(\.state.count) == [0, 1, 2])
    #expect(store.cursor == 2)
    #expect(!store.canStepForward)
  }

  @Test
  func historyKeepsAtMostCapacityStates() {
    let store = makeStore(capacity: 3)
    let counter = store.scope(state: \.current, action: \.base)
    for _ in 1...1_000 { counter.send(.incrementButtonTapped) }
    #expect(store.history.map(\.state.count) == [998, 999, 1_000])
    store.send(.stepBack)
    store.send(.stepBack)
    #expect(counter.count == 998)
    #expect(!store.canStepBack)
  }

  @Test
  func steppingBackCancelsTheEffectsOfLaterSteps() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let counter = store.scope(state: \.current, action: \.base)
    counter.send(.incrementButtonTapped)
    let timer = counter.send(.startTimer)
    defer { timer.cancel() }
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    #expect(await yieldUntil { counter.count == 2 })

    store.send(.stepBack)  // before the tick
    store.send(.stepBack)  // before the timer started
    await clock.advance(by: .seconds(5))
    // Gives a tick that should not come every chance to arrive.
    _ = await yieldUntil { store.history.count != 4 }
    #expect(counter.count == 1)
    #expect(store.history.count == 4)
  }

  @Test
  func effectsOfTheRestoredPastKeepRunning() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let counter = store.scope(state: \.current, action: \.base)
    let timer = counter.send(.startTimer)
    counter.send(.incrementButtonTapped)
    store.send(.stepBack)  // to just after the timer started
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    #expect(await yieldUntil { store.history.count == 3 })
    // The tick resumed from the restored state, replacing the dropped increment.
    #expect(store.history.map(\.action) == [nil, .startTimer, .tick])
    #expect(counter.count == 1)
    timer.cancel()
  }

  @Test
  func resumingRunsTheStepShownAgainSoThatWhatItWaitedForArrives() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let counter = store.scope(state: \.current, action: \.base)
    counter.send(.incrementButtonTapped)
    counter.send(.loadTapped)
    await clock.advance(by: .seconds(1))
    #expect(await yieldUntil { counter.count == 42 })

    store.send(.stepBack)  // loading, its answer in the future
    #expect(counter.isLoading)
    store.send(.resume)
    #expect(store.history.map(\.action) == [nil, .incrementButtonTapped, .loadTapped])
    #expect(store.history.map(\.state.isLoading) == [false, false, true])
    #expect(!store.canStepForward)
    await clock.advance(by: .seconds(1))
    #expect(await yieldUntil { counter.count == 42 })
    #expect(!counter.isLoading)
    #expect(store.history.map(\.action).last == .loaded(42))
  }

  @Test
  func resumingCancelsTheEffectsTheStepShownStartedBefore() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let counter = store.scope(state: \.current, action: \.base)
    counter.send(.loadTapped)
    counter.send(.incrementButtonTapped)
    store.send(.stepBack)  // the load still in flight
    store.send(.resume)
    // The step run again sleeps on the clock once its task has started, which can come after
    // an advance made at once (under the thread sanitizer it did): advance until it answers.
    for _ in 0..<50 where store.history.count < 3 {
      await clock.advance(by: .seconds(1))
      _ = await yieldUntil(maxYields: 100) { store.history.count >= 3 }
    }
    _ = await yieldUntil { store.history.count > 3 }
    // One answer, from the step run again: the first load was cancelled.
    #expect(store.history.map(\.action) == [nil, .loadTapped, .loaded(42)])
  }

  @Test
  func aStepRunAgainCanBeCancelledAtOnce() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let counter = store.scope(state: \.current, action: \.base)
    counter.send(.loadTapped)
    await clock.advance(by: .seconds(1))
    #expect(await yieldUntil { counter.count == 42 })

    store.send(.stepBack)
    store.send(.resume)
    counter.send(.cancelLoad)  // as a screen closed at once cancels what it started
    await clock.advance(by: .seconds(5))
    _ = await yieldUntil { store.history.count > 3 }
    #expect(store.history.map(\.action) == [nil, .loadTapped, .cancelLoad])
    #expect(counter.count == 0)
  }

  @Test
  func resumingAtTheNewestOrTheFirstStateRunsNothing() {
    let store = makeStore()
    let counter = store.scope(state: \.current, action: \.base)
    counter.send(.incrementButtonTapped)
    store.send(.resume)
    #expect(store.history.map(\.action) == [nil, .incrementButtonTapped])
    store.send(.jump(to: 0))
    store.send(.resume)
    #expect(store.history.map(\.action) == [nil])
    #expect(counter.count == 0)
  }

  @Test
  func jumpingOutsideTheHistoryIsReported() {
    let store = makeStore()
    withKnownIssue {
      store.send(.jump(to: 5))
    } matching: { issue in
      issue.description.contains("there is no recorded state at position 5")
    }
    #expect(store.cursor == 0)
  }
}

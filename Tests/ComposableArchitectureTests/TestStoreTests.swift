import ComposableArchitecture
import Foundation
import Testing

// MARK: - Features

struct FactClient: Sendable {
  var fetch: @Sendable (Int) async -> String
}

extension FactClient: DependencyKey {
  static let liveValue = FactClient { "\($0) is a live number." }
  static let testValue = FactClient { "\($0) is a test number." }
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

@Reducer
struct TestedFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var isLoading = false
    var fact: String?
    var todos: [Todo] = []
    var ticks = 0
  }

  struct Todo: Equatable, Identifiable {
    let id: UUID
    var title: String
  }

  enum Action: Equatable {
    case increment
    case setCount(Int)
    case computeAnswer
    case response(Int)
    case factButtonTapped
    case factResponse(String)
    case addTodo(String)
    case answerAfterOneSecond
    case startTimer
    case tick
    case chain
    case chainStep(Int)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.factClient) var factClient
  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none

      case let .setCount(count):
        state.count = count
        return .none

      case .computeAnswer:
        state.isLoading = true
        return .run { send in
          await send(.response(42))
        }

      case let .response(value):
        state.isLoading = false
        state.count = value
        return .none

      case .factButtonTapped:
        state.isLoading = true
        let count = state.count
        return .run { send in
          await send(.factResponse(await self.factClient.fetch(count)))
        }

      case let .factResponse(fact):
        state.isLoading = false
        state.fact = fact
        return .none

      case let .addTodo(title):
        state.todos.append(Todo(id: self.uuid(), title: title))
        return .none

      case .answerAfterOneSecond:
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.response(7))
        }

      case .startTimer:
        return .run { send in
          for _ in 1...3 {
            try await self.clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }

      case .tick:
        state.ticks += 1
        return .none

      case .chain:
        return .run { send in
          await send(.chainStep(1))
          await send(.chainStep(2))
          await send(.chainStep(3))
        }

      case let .chainStep(step):
        state.count += step
        return .none
      }
    }
  }
}

/// Concatenated effects, with a log of the actions the reducer processed that the test can read
/// without giving the store a chance to run.
@Reducer
struct ConcatenatingFeature {
  @ObservableState
  struct State: Equatable {
    var steps: [String] = []
  }

  enum Action: Equatable {
    case runSteps
    case runSlowThenFast
    case step(String)
  }

  let processed: LockIsolated<[String]>

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .runSteps:
        return .concatenate(
          .run { send in await send(.step("a")) },
          .run { send in await send(.step("b")) }
        )
      case .runSlowThenFast:
        return .concatenate(
          .run { send in
            try await self.clock.sleep(for: .seconds(1_000))
            await send(.step("slow"))
          },
          .run { send in await send(.step("fast")) }
        )
      case let .step(name):
        self.processed.withValue { $0.append(name) }
        state.steps.append(name)
        return .none
      }
    }
  }
}

// MARK: - Tests

@MainActor
@Suite
struct TestStoreTests {
  @Test
  func sendWithAnAssertClosureChecksTheNewState() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    await store.send(.increment) {
      $0.count = 1
    }
    await store.send(.increment) {
      $0.count = 2
    }
    #expect(store.state.count == 2)
  }

  @Test
  func receiveByEquatableAction() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    await store.send(.computeAnswer) {
      $0.isLoading = true
    }
    await store.receive(.response(42)) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test
  func receiveByCaseKeyPath() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    await store.send(.computeAnswer) {
      $0.isLoading = true
    }
    await store.receive(\.response) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test
  func receiveByCaseKeyPathAndValue() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    await store.send(.computeAnswer) {
      $0.isLoading = true
    }
    await store.receive(\.response, 42) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test
  func receiveByPredicate() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    await store.send(.computeAnswer) {
      $0.isLoading = true
    }
    await store.receive({ action in
      guard case let .response(value) = action else { return false }
      return value > 40
    }) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test
  func sendByCaseKeyPathWithAValue() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    await store.send(\.setCount, 5) {
      $0.count = 5
    }
    await store.send(\.increment) {
      $0.count = 6
    }
  }

  @Test
  func finishWaitsForEveryInFlightEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: TestedFeature.State()) {
      TestedFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.answerAfterOneSecond)
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    // Not exhaustive while finishing: an exhaustive `finish` reports the actions already
    // received and not yet asserted.
    await store.withExhaustivity(.off) {
      await store.finish()
    }
    // The effect has finished, so the action it sent is already there.
    await store.receive(.response(7), timeout: 0) {
      $0.count = 7
    }
  }

  @Test
  func taskFinishWaitsForTheEffectsOfThatSend() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    let task = await store.send(.chain)
    await task.finish()
    await store.receive(.chainStep(1)) { $0.count = 1 }
    await store.receive(.chainStep(2)) { $0.count = 3 }
    await store.receive(.chainStep(3)) { $0.count = 6 }
  }

  @Test
  func testStoreTaskCancelCancelsTheEffectsOfThatSend() async {
    let clock = TestClock()
    let store = TestStore(initialState: TestedFeature.State()) {
      TestedFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.startTimer)
    let didCancel = LockIsolated(false)
    // Cancelling waits for the effects to stop; run it aside so a failure cannot hang the test.
    let canceller = Task {
      await task.cancel()
      didCancel.setValue(true)
    }
    var cancelled = false
    for _ in 0..<10_000 where !cancelled {
      await Task.yield()
      cancelled = didCancel.value
    }
    #expect(cancelled)
    // Had cancelling not ended, the canceller is left to end when the store is released.
    guard cancelled else { return }
    await canceller.value
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test
  func finishWaitsForEveryEffectOfAConcatenation() async {
    let processed = LockIsolated<[String]>([])
    let store = TestStore(initialState: ConcatenatingFeature.State()) {
      ConcatenatingFeature(processed: processed)
    }
    await store.send(.runSteps)
    // Not exhaustive while finishing: an exhaustive `finish` reports the actions already
    // received and not yet asserted.
    await store.withExhaustivity(.off) {
      await store.finish()
    }
    // Read without yielding: `finish` must not return before the second effect has run.
    let processedWhenFinished = processed.value
    #expect(processedWhenFinished == ["a", "b"])
    await store.receive(.step("a")) {
      $0.steps = ["a"]
    }
    await store.receive(.step("b")) {
      $0.steps = ["a", "b"]
    }
  }

  @Test
  func aConcatenationSkippedRunsOnInItsOrder() async {
    let processed = LockIsolated<[String]>([])
    let clock = TestClock()
    let store = TestStore(initialState: ConcatenatingFeature.State()) {
      ConcatenatingFeature(processed: processed)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.runSlowThenFast)
    await waitForSleep(on: clock)
    await store.skipInFlightEffects()
    #expect(processed.value.isEmpty)
    // Skipped, not cancelled (as in TCA): the rest of it runs, in order, once the clock moves.
    await clock.advance(by: .seconds(1_000))
    await store.receive(.step("slow")) {
      $0.steps = ["slow"]
    }
    await store.receive(.step("fast")) {
      $0.steps = ["slow", "fast"]
    }
  }

  @Test
  func skipReceivedActionsMovesTheAssertedStatePastThem() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    await store.send(.chain).finish()
    await store.skipReceivedActions()
    #expect(store.state.count == 6)
    await store.send(.increment) {
      $0.count = 7
    }
  }

  @Test
  func skipInFlightEffectsStopsAssertingOnTheEffectsWithoutCancellingThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: TestedFeature.State()) {
      TestedFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.ticks = 1
    }
    await store.skipInFlightEffects()
    // The timer runs on, as in TCA: its ticks are still received, and the test can end while
    // it runs (the store cancels it when released).
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.ticks = 2
    }
    await store.finish()
  }

  @Test
  func nonExhaustiveStoreAcceptsPartialAssertions() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    store.exhaustivity = .off
    // Only `isLoading` is asserted; the response's change to `count` is not.
    await store.send(.computeAnswer)
    await store.receive(\.response) {
      $0.isLoading = false
    }
    #expect(store.state.count == 42)
    await store.send(.chain)
    // The first two steps are skipped.
    await store.receive(.chainStep(3)) {
      $0.count = 48
    }
  }

  @Test
  func withExhaustivityRelaxesChecksOnlyInsideTheClosure() async {
    let store = TestStore(initialState: TestedFeature.State()) { TestedFeature() }
    await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      await store.send(.computeAnswer)
      await store.receive(\.response, 42)
    }
    #expect(store.exhaustivity == .on)
    await store.send(.increment) {
      $0.count = 43
    }
  }

  @Test
  func changingDependenciesMidTestAffectsLaterActions() async {
    let store = TestStore(initialState: TestedFeature.State(count: 3)) {
      TestedFeature()
    } withDependencies: {
      $0.factClient = FactClient { "\($0) is odd." }
    }
    await store.send(.factButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.factResponse("3 is odd.")) {
      $0.isLoading = false
      $0.fact = "3 is odd."
    }

    store.dependencies.factClient = FactClient { "\($0) is prime." }
    await store.send(.factButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.factResponse("3 is prime.")) {
      $0.isLoading = false
      $0.fact = "3 is prime."
    }
  }

  @Test
  func incrementingUUIDGeneratorMakesPredictableIDs() async {
    let store = TestStore(initialState: TestedFeature.State()) {
      TestedFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addTodo("Milk")) {
      $0.todos = [TestedFeature.Todo(id: UUID(0), title: "Milk")]
    }
    await store.send(.addTodo("Eggs")) {
      $0.todos.append(TestedFeature.Todo(id: UUID(1), title: "Eggs"))
    }
  }

  @Test
  func runEffectDrivenByATestClockIsTestedStepByStep() async {
    let clock = TestClock()
    let store = TestStore(initialState: TestedFeature.State()) {
      TestedFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 2 }
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 3 }
  }
}

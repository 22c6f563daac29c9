import ComposableArchitecture
import Foundation
import Testing

// MARK: - Features

enum EffectTestError: Error, Equatable {
  case boom
}

struct NumberClient: Sendable {
  var fetch: @Sendable () async -> Int
}

extension NumberClient: DependencyKey {
  static let liveValue = NumberClient { 1 }
  static let testValue = NumberClient { 0 }
}

extension DependencyValues {
  var numberClient: NumberClient {
    get { self[NumberClient.self] }
    set { self[NumberClient.self] = newValue }
  }
}

/// A feature with one action per kind of effect.
@Reducer
struct EffectsFeature {
  @ObservableState
  struct State: Equatable {
    var log: [String] = []
    var failure: EffectTestError?
  }

  enum Action: Equatable {
    case doNothing
    case sendChain
    case sendMerged
    case step(String)
    case runEffect
    case runThrowing
    case runThrowingWithoutHandler
    case failed(EffectTestError?)
    case mergeTimed
    case concatenateTimed
    case concatenateWithSends
    case finished(String)
    case mapSend
    case mapRun
    case mapped(Int)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .doNothing:
        return .none

      case .sendChain:
        state.log.append("sendChain")
        return .send(.step("from sendChain"))

      case .sendMerged:
        state.log.append("sendMerged")
        return .merge(.send(.step("1")), .send(.step("2")), .send(.step("3")))

      case let .step(name):
        state.log.append("step \(name)")
        return .none

      case .runEffect:
        return .run { send in
          await send(.step("run 1"))
          await send(.step("run 2"))
        }

      case .runThrowing:
        return .run { _ in
          throw EffectTestError.boom
        } catch: { error, send in
          await send(.failed(error as? EffectTestError))
        }

      case .runThrowingWithoutHandler:
        return .run { _ in
          throw EffectTestError.boom
        }

      case let .failed(error):
        state.failure = error
        return .none

      case .mergeTimed:
        return .merge(
          self.finish("slow", after: .seconds(2)),
          self.finish("fast", after: .seconds(1))
        )

      case .concatenateTimed:
        return .concatenate(
          self.finish("slow", after: .seconds(2)),
          self.finish("fast", after: .seconds(1))
        )

      case .concatenateWithSends:
        return .concatenate(
          .send(.step("before")),
          self.finish("middle", after: .seconds(1)),
          .send(.step("after"))
        )

      case let .finished(name):
        state.log.append("finished \(name)")
        return .none

      case .mapSend:
        return Effect<Int>.send(21).map { .mapped($0 * 2) }

      case .mapRun:
        return Effect<Int>.run { send in
          await send(5)
          await send(6)
        }
        .map { .mapped($0 * 100) }

      case let .mapped(value):
        state.log.append("mapped \(value)")
        return .none
      }
    }
  }

  private func finish(_ name: String, after duration: Duration) -> Effect<Action> {
    .run { [clock] send in
      try await clock.sleep(for: duration)
      await send(.finished(name))
    }
  }
}

/// A child whose effects read dependencies inside `.run`.
@Reducer
struct DependencyEffectChild {
  @ObservableState
  struct State: Equatable {
    var ids: [UUID] = []
    var number: Int?
  }

  enum Action: Equatable {
    case makeIDs
    case gotIDs([UUID])
    case fetchNumber
    case gotNumber(Int)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .makeIDs:
        return .run { send in
          await send(.gotIDs([self.uuid(), self.uuid()]))
        }
      case let .gotIDs(ids):
        state.ids = ids
        return .none
      case .fetchNumber:
        return .run { send in
          // Resolved inside the effect, not captured when the effect was built.
          @Dependency(\.numberClient) var numberClient
          await send(.gotNumber(await numberClient.fetch()))
        }
      case let .gotNumber(number):
        state.number = number
        return .none
      }
    }
  }
}

@Reducer
struct DependencyEffectParent {
  @ObservableState
  struct State: Equatable {
    var child = DependencyEffectChild.State()
    var plainChild = DependencyEffectChild.State()
  }

  enum Action: Equatable {
    case child(DependencyEffectChild.Action)
    case plainChild(DependencyEffectChild.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      DependencyEffectChild()
        .dependency(\.uuid, .incrementing)
        .dependency(\.numberClient, NumberClient { 42 })
    }
    Scope(state: \.plainChild, action: \.plainChild) {
      DependencyEffectChild()
    }
  }
}

// MARK: - Tests

@MainActor
@Suite
struct EffectTests {
  @Test
  func noneStartsNoTask() {
    let store = Store(initialState: EffectsFeature.State()) { EffectsFeature() }
    let task = store.send(.doNothing)
    #expect(task.rawValue == nil)
    #expect(store.log.isEmpty)
  }

  @Test
  func sendIsProcessedSynchronouslyBeforeSendReturns() {
    let store = Store(initialState: EffectsFeature.State()) { EffectsFeature() }
    let task = store.send(.sendChain)
    #expect(store.log == ["sendChain", "step from sendChain"])
    #expect(task.rawValue == nil)
  }

  @Test
  func mergedSendsAreProcessedInOrder() {
    let store = Store(initialState: EffectsFeature.State()) { EffectsFeature() }
    store.send(.sendMerged)
    #expect(store.log == ["sendMerged", "step 1", "step 2", "step 3"])
  }

  @Test
  func runSendsActionsBackToTheStore() async {
    let store = TestStore(initialState: EffectsFeature.State()) { EffectsFeature() }
    await store.send(.runEffect)
    await store.receive(.step("run 1")) {
      $0.log = ["step run 1"]
    }
    await store.receive(.step("run 2")) {
      $0.log = ["step run 1", "step run 2"]
    }
  }

  @Test
  func runCatchHandlerReceivesTheThrownErrorAndCanSend() async {
    let store = TestStore(initialState: EffectsFeature.State()) { EffectsFeature() }
    await store.send(.runThrowing)
    await store.receive(.failed(.boom)) {
      $0.failure = .boom
    }
  }

  @Test
  func runWithoutCatchHandlerReportsTheUnhandledError() async {
    let store = Store(initialState: EffectsFeature.State()) { EffectsFeature() }
    await withKnownIssue {
      await store.send(.runThrowingWithoutHandler).finish()
    } matching: { issue in
      issue.description.contains("threw an unhandled error.\n\n")
        && issue.description.contains("EffectTestError.boom")
        && issue.description.hasSuffix(
          """
          All non-cancellation errors must be explicitly handled via the "catch" parameter on \
          "Effect.run", or via a "do" block.
          """)
    }
  }

  @Test
  func mergeRunsEffectsAtTheSameTime() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsFeature.State()) {
      EffectsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = 5_000_000_000
    await store.send(.mergeTimed)
    // Run together, the one-second effect answers before the two-second one.
    let advancing = advanceGradually(clock, by: .milliseconds(500), times: 8)
    await store.receive(.finished("fast")) {
      $0.log = ["finished fast"]
    }
    await store.receive(.finished("slow")) {
      $0.log = ["finished fast", "finished slow"]
    }
    await advancing.value
  }

  @Test
  func concatenateStartsTheNextEffectOnlyAfterThePreviousOneFinished() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsFeature.State()) {
      EffectsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = 5_000_000_000
    await store.send(.concatenateTimed)
    // Had "fast" started with "slow", it would have answered first, after one second; it
    // starts only once "slow" has finished.
    let advancing = advanceGradually(clock, by: .milliseconds(500), times: 12)
    await store.receive(.finished("slow")) {
      $0.log = ["finished slow"]
    }
    await store.receive(.finished("fast")) {
      $0.log = ["finished slow", "finished fast"]
    }
    await advancing.value
  }

  @Test
  func concatenateRunsSendsBetweenRunsInOrder() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsFeature.State()) {
      EffectsFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.timeout = 5_000_000_000
    await store.send(.concatenateWithSends)
    await store.receive(.step("before")) {
      $0.log = ["step before"]
    }
    let advancing = advanceGradually(clock, by: .milliseconds(500), times: 6)
    await store.receive(.finished("middle")) {
      $0.log = ["step before", "finished middle"]
    }
    await store.receive(.step("after")) {
      $0.log = ["step before", "finished middle", "step after"]
    }
    await advancing.value
  }

  @Test
  func mapTransformsTheActionOfASendEffect() {
    let store = Store(initialState: EffectsFeature.State()) { EffectsFeature() }
    store.send(.mapSend)
    #expect(store.log == ["mapped 42"])
  }

  @Test
  func mapTransformsEveryActionOfARunEffect() async {
    let store = TestStore(initialState: EffectsFeature.State()) { EffectsFeature() }
    await store.send(.mapRun)
    await store.receive(.mapped(500)) {
      $0.log = ["mapped 500"]
    }
    await store.receive(.mapped(600)) {
      $0.log = ["mapped 500", "mapped 600"]
    }
  }

  @Test
  func runUsesTheDependenciesInForceWhereTheEffectWasReturned() async {
    let store = TestStore(initialState: DependencyEffectParent.State()) {
      DependencyEffectParent()
    }
    await store.send(.child(.makeIDs))
    await store.receive(.child(.gotIDs([UUID(0), UUID(1)]))) {
      $0.child.ids = [UUID(0), UUID(1)]
    }
    await store.send(.child(.fetchNumber))
    await store.receive(.child(.gotNumber(42))) {
      $0.child.number = 42
    }
  }

  @Test
  func runOfASiblingWithoutOverrideUsesTheStoreDependencies() async {
    let store = TestStore(initialState: DependencyEffectParent.State()) {
      DependencyEffectParent()
    } withDependencies: {
      $0.numberClient = NumberClient { 7 }
    }
    await store.send(.plainChild(.fetchNumber))
    await store.receive(.plainChild(.gotNumber(7))) {
      $0.plainChild.number = 7
    }
    // The overriding child still sees its own value.
    await store.send(.child(.fetchNumber))
    await store.receive(.child(.gotNumber(42))) {
      $0.child.number = 42
    }
  }
}

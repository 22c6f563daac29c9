import Dispatch
import Testing

@testable import ComposableArchitecture

// MARK: - Features

/// Counts the actions sent to it from many tasks and the ones their effects send back,
/// checking that each is reduced on the main thread, inside the main actor.
@Reducer
struct ConcurrentCounter {
  @ObservableState
  struct State: Equatable {
    var sent = 0
    var sentBack = 0
  }

  enum Action: Equatable {
    case increment
    case effectSentBack
  }

  /// The effects started and not yet ended.
  let liveEffects: LiveEffects

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      MainActor.preconditionIsolated("An action was reduced off the main actor.")
      dispatchPrecondition(condition: .onQueue(.main))
      switch action {
      case .increment:
        state.sent += 1
        return .run { [liveEffects] send in
          liveEffects.start()
          defer { liveEffects.end() }
          await send(.effectSentBack)
        }
      case .effectSentBack:
        state.sentBack += 1
        return .none
      }
    }
  }
}

/// Effects that send actions back in a tight loop until they are cancelled, with every action
/// received after the effects were cancelled counted apart.
@Reducer
struct Emitters {
  @ObservableState
  struct State: Equatable {
    /// Bumped each time the emitters are started; ticks carry the one they were started under.
    var generation = 0
    var ticks = 0
    /// Ticks of a generation that was already cancelled when they were received.
    var ticksAfterCancellation = 0
    var isStopped = false
  }

  enum Action: Equatable {
    /// Starts the emitters, cancelling the ones running (`cancelInFlight`).
    case start
    /// Cancels the emitters.
    case stop
    case tick(generation: Int)
  }

  enum CancelID { case emitters }

  /// How many effects emit at once.
  let count: Int
  let liveEffects: LiveEffects

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        state.generation += 1
        state.isStopped = false
        let generation = state.generation
        return .merge(
          (0..<count).map { _ in
            .run { [liveEffects] send in
              liveEffects.start()
              defer { liveEffects.end() }
              // Stops on cancellation, but only between sends: one is nearly always on its way
              // to the main actor when the cancellation happens.
              while !Task.isCancelled {
                await send(.tick(generation: generation))
              }
            }
          }
        )
        .cancellable(id: CancelID.emitters, cancelInFlight: true)
      case .stop:
        state.isStopped = true
        return .cancel(id: CancelID.emitters)
      case let .tick(generation):
        if state.isStopped || generation != state.generation {
          state.ticksAfterCancellation += 1
        } else {
          state.ticks += 1
        }
        return .none
      }
    }
  }
}

/// Counts effects running: each effect calls ``start()`` first and ``end()`` when it ends.
final class LiveEffects: Sendable {
  private let counts = LockIsolated((live: 0, started: 0))

  func start() {
    self.counts.withValue {
      $0.live += 1
      $0.started += 1
    }
  }

  func end() { self.counts.withValue { $0.live -= 1 } }

  /// The effects started and not yet ended.
  var live: Int { self.counts.value.live }
  /// The effects started so far.
  var started: Int { self.counts.value.started }
}

// MARK: - Tests

/// Many tasks sending at once, cancellation while effects send, stores released while their
/// effects run. Run under the thread sanitizer in CI (`swift test --sanitize=thread`), these are
/// also what gives it shared state to check.
@MainActor
@Suite
struct StressTests {
  @Test
  func actionsSentFromManyTasksAtOnceAreEachReducedOnceOnTheMainActor() async {
    let senders = 8
    let sendsPerSender = 200
    let liveEffects = LiveEffects()
    let store = Store(initialState: ConcurrentCounter.State()) {
      ConcurrentCounter(liveEffects: liveEffects)
    }

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<senders {
        group.addTask {
          for _ in 0..<sendsPerSender {
            // Waits off the main actor, while the effect ends on another thread.
            await store.send(.increment).finish()
          }
        }
      }
    }

    #expect(store.sent == senders * sendsPerSender)
    #expect(store.sentBack == senders * sendsPerSender)
    #expect(liveEffects.started == senders * sendsPerSender)
    #expect(liveEffects.live == 0)
    #expect(store.registryTaskCount == 0)
  }

  @Test
  func noActionIsReceivedFromAnEffectAfterItsCancellationID() async {
    let liveEffects = LiveEffects()
    let store = Store(initialState: Emitters.State()) {
      Emitters(count: 8, liveEffects: liveEffects)
    }

    for round in 1...10 {
      let task = store.send(.start)
      #expect(await yieldUntil { store.ticks >= 50 * round })
      store.send(.stop)
      await task.finish()
    }

    #expect(store.ticksAfterCancellation == 0)
    #expect(liveEffects.live == 0)
    #expect(store.registryTaskCount == 0)
  }

  @Test
  func noActionIsReceivedFromEffectsCancelledInFlightByTheirReplacement() async {
    let liveEffects = LiveEffects()
    let store = Store(initialState: Emitters.State()) {
      Emitters(count: 4, liveEffects: liveEffects)
    }

    var tasks: [StoreTask] = []
    for round in 1...20 {
      tasks.append(store.send(.start))
      #expect(await yieldUntil { store.ticks >= 20 * round })
    }
    store.send(.stop)
    for task in tasks {
      await task.finish()
    }

    #expect(store.ticksAfterCancellation == 0)
    #expect(liveEffects.started == 80)
    #expect(liveEffects.live == 0)
    #expect(store.registryTaskCount == 0)
  }

  @Test
  func noActionIsReceivedAfterTheStoreTaskIsCancelled() async {
    let liveEffects = LiveEffects()
    let store = Store(initialState: Emitters.State()) {
      Emitters(count: 8, liveEffects: liveEffects)
    }

    for round in 1...10 {
      let task = store.send(.start)
      #expect(await yieldUntil { store.ticks >= 50 * round })
      task.cancel()
      let ticksWhenCancelled = store.ticks
      await task.finish()
      #expect(store.ticks == ticksWhenCancelled)
    }

    #expect(liveEffects.live == 0)
    #expect(store.registryTaskCount == 0)
  }

  @Test
  func releasingStoresWhileTheirEffectsSendEndsEveryEffect() async {
    let liveEffects = LiveEffects()
    var registries: [EffectRegistry] = []
    for _ in 0..<20 {
      weak var weakStore: StoreOf<Emitters>?
      do {
        let store = Store(initialState: Emitters.State()) {
          Emitters(count: 8, liveEffects: liveEffects)
        }
        weakStore = store
        store.send(.start)
        #expect(await yieldUntil { store.ticks >= 20 })
        registries.append(store.registry)
      }
      #expect(weakStore == nil)
    }

    #expect(liveEffects.started == 160)
    #expect(await yieldUntil { liveEffects.live == 0 })
    #expect(await yieldUntil { registries.allSatisfy { $0.runningTaskCount == 0 } })
  }
}

extension Store {
  /// How many effect tasks the store's registry holds.
  fileprivate var registryTaskCount: Int { self.registry.runningTaskCount }

  /// The registry of the store's running effects.
  fileprivate var registry: EffectRegistry { self.core.root.registry }
}

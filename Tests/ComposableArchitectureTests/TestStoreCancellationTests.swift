import ComposableArchitecture
import Testing

/// A feature with an effect that runs until it is cancelled by id.
@Reducer
struct CancellableWork {
  struct State: Equatable {}

  enum Action: Equatable {
    case start
    case stop
  }

  enum CancelID { case work }

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .start:
        return .run { _ in try await Task.never() }
          .cancellable(id: CancelID.work)
      case .stop:
        return .cancel(id: CancelID.work)
      }
    }
  }
}

/// A feature whose action merges an effect that finishes with one that runs until cancelled.
@Reducer
struct MergedWork {
  struct State: Equatable {}

  enum Action: Equatable {
    case start
    case started
    case stop
  }

  enum CancelID { case work }

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .start:
        return .merge(
          .run { send in await send(.started) },
          .run { _ in try await Task.never() }.cancellable(id: CancelID.work)
        )
      case .started:
        return .none
      case .stop:
        return .cancel(id: CancelID.work)
      }
    }
  }
}

// A test store stops counting an effect as running the moment it is cancelled, as TCA's does:
// a test that cancels an effect (directly, or by dismissing or popping its feature) can end
// right there, without waiting for the effect's task to wind down.
@MainActor
@Suite
struct TestStoreCancellationTests {
  @Test
  func aTestCanEndRightAfterCancellingAnEffect() async {
    let store = TestStore(initialState: CancellableWork.State()) {
      CancellableWork()
    }
    await store.send(.start)
    await store.send(.stop)
  }

  @Test
  func aMergedEffectWhoseOtherHalfFinishedIsDoneOnceItsLongHalfIsCancelled() async {
    let store = TestStore(initialState: MergedWork.State()) {
      MergedWork()
    }
    await store.send(.start)
    await store.receive(.started)
    await store.send(.stop)
  }

  @Test
  func aMergedEffectIsStillRunningWhileItsLongHalfIsNotCancelled() async {
    await withKnownIssue {
      let store = TestStore(initialState: MergedWork.State()) {
        MergedWork()
      }
      await store.send(.start)
      await store.receive(.started)
    } matching: { issue in
      message(of: issue).hasPrefix("An effect returned for this action is still running.")
    }
  }

  @Test
  func anEffectSkippedStillRunsAndWhatItSendsIsReceived() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { state, action in
        guard action else {
          state = 42
          return .none
        }
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(false)
        }
      }
    }
    await store.send(true)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(false) {
      $0 = 42
    }
  }

  @Test
  func aTestCanEndRightAfterDismissingAChildWithALongRunningEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: PresentingParent.State()) {
      PresentingParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showCounterTapped) {
      $0.counter = PresentedCounter.State()
    }
    await store.send(.counter(.presented(.startTimer)))
    await store.send(.counter(.dismiss)) {
      $0.counter = nil
    }
  }

  @Test
  func aTestCanEndRightAfterTakingAChildAway() async {
    let clock = TestClock()
    let store = TestStore(initialState: PresentingParent.State()) {
      PresentingParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showCounterTapped) {
      $0.counter = PresentedCounter.State()
    }
    await store.send(.counter(.presented(.startTimer)))
    await store.send(.hideCounterTapped) {
      $0.counter = nil
    }
  }

  @Test
  func aTestCanEndRightAfterPoppingAScreenWithALongRunningEffect() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StackRoot.State(path: StackState([StackScreen.State()]))
    ) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.popFrom(id: 0))) {
      $0.log = ["popping #0"]
      $0.path.pop(from: 0)
    }
  }

  @Test
  func anEffectStillRunningIsReportedAtTheEndOfTheTest() async {
    let sendLine = LockIsolated<Int?>(nil)
    await withKnownIssue {
      let store = TestStore(initialState: CancellableWork.State()) {
        CancellableWork()
      }
      sendLine.setValue(#line + 1)
      await store.send(.start)
    } matching: { issue in
      issue.sourceLocation?.line == sendLine.value
        && message(of: issue) == """
          An effect returned for this action is still running. It must complete before the end \
          of the test.

          To fix, inspect any effects the reducer returns for this action and ensure that all of \
          them complete by the end of the test. There are a few reasons why an effect may not \
          have completed:

          If using async/await in your effect, it may need a little bit of time to properly \
          finish. To fix you can simply perform "await store.finish()" at the end of your test.

          If an effect uses a clock or scheduler (via "receive(on:)", "delay", "debounce", \
          etc.), make sure that you wait enough time for it to perform the effect. If you are \
          using a test clock/scheduler, advance it so that the effects may complete, or consider \
          using an immediate clock/scheduler to immediately perform the effect instead.

          If you are returning a long-living effect (timers, notifications, subjects, etc.), \
          then make sure those effects are torn down by marking the effect ".cancellable" and \
          returning a corresponding cancellation effect ("Effect.cancel") from another action, \
          or, if your effect is driven by a Combine subject, send it a completion.

          If you do not wish to assert on these effects, perform "await \
          store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
          "store.exhaustivity = .off".
          """
    }
  }
}

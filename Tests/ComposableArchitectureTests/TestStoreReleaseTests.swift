import ComposableArchitecture
import Foundation
import Testing

// A test store is often made, used and released in a test that is not on the main actor, as in
// an `XCTestCase` that is not `@MainActor`. Releasing it there must neither crash nor skip the
// end-of-test checks. These tests run in a child process (exit tests) so that, were releasing it
// to crash, only that process would go down.

/// A feature whose effect either answers at once or runs until cancelled.
@Reducer
struct ReleasableFeature {
  struct State: Equatable {
    var value = 0
  }

  enum Action: Equatable {
    case load
    case loaded(Int)
    case runForever
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .run { send in await send(.loaded(42)) }
      case let .loaded(value):
        state.value = value
        return .none
      case .runForever:
        return .run { _ in try await Task.never() }
      }
    }
  }
}

/// Makes a test store, sends and receives with it, and lets it go, all off the main actor.
///
/// With the main serial executor (the default) this function resumes on the main queue after
/// each `await`; without it, it resumes on the global executor, and the store is released there.
private nonisolated func useAndReleaseOffTheMainActor(useMainSerialExecutor: Bool) async {
  let store = await TestStore(initialState: ReleasableFeature.State()) {
    ReleasableFeature()
  }
  await MainActor.run { store.useMainSerialExecutor = useMainSerialExecutor }
  await store.send(.load)
  await store.receive(.loaded(42)) {
    $0.value = 42
  }
}

/// Leaves an effect running and lets the store go off the main actor; returns the messages
/// reported.
private nonisolated func leaveAnEffectRunningOffTheMainActor(
  useMainSerialExecutor: Bool
) async -> [String] {
  let reporter = RecordingIssueReporter()
  await withIssueReporters([reporter]) {
    let store = await TestStore(initialState: ReleasableFeature.State()) {
      ReleasableFeature()
    }
    await MainActor.run { store.useMainSerialExecutor = useMainSerialExecutor }
    await store.send(.runForever)
  }
  return reporter.reported
}

/// Whether `reported` is exactly one report of an effect still running.
private func isOneEffectStillRunning(_ reported: [String]) -> Bool {
  reported.count == 1
    && reported[0].hasPrefix(
      "An effect returned for this action is still running. It must complete before the end "
        + "of the test.")
}

@Suite
struct TestStoreReleaseTests {
  @Test
  func testStoreUsedAndReleasedOffTheMainActorPasses() async {
    await #expect(processExitsWith: .success) {
      await useAndReleaseOffTheMainActor(useMainSerialExecutor: false)
    }
  }

  @Test
  func testStoreUsedAndReleasedOffTheMainActorWithTheMainSerialExecutorPasses() async {
    await #expect(processExitsWith: .success) {
      await useAndReleaseOffTheMainActor(useMainSerialExecutor: true)
    }
  }

  @Test
  func endOfTestChecksStillRunWhenTheStoreIsReleasedOffTheMainActor() async {
    await #expect(processExitsWith: .success) {
      let reported = await leaveAnEffectRunningOffTheMainActor(useMainSerialExecutor: false)
      if !isOneEffectStillRunning(reported) {
        exit(EXIT_FAILURE)
      }
    }
  }

  @Test
  func endOfTestChecksStillRunWithTheMainSerialExecutor() async {
    await #expect(processExitsWith: .success) {
      let reported = await leaveAnEffectRunningOffTheMainActor(useMainSerialExecutor: true)
      if !isOneEffectStillRunning(reported) {
        exit(EXIT_FAILURE)
      }
    }
  }
}

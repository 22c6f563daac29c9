import Clocks
import ComposableArchitecture
import Testing

/// Waits until an effect sleeps on `clock`, so that advancing the clock reaches that sleep;
/// records an issue when no effect ever does, rather than letting the test fail later for a less
/// obvious reason.
func waitForSleep(
  on clock: TestClock<Duration>,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) async {
  var slept = false
  for _ in 0..<1_000 where !slept {
    do {
      try await clock.checkSuspension()
    } catch {
      slept = true
    }
  }
  #expect(slept, "No effect started sleeping on the test clock.", sourceLocation: sourceLocation)
}

/// Advances `clock` step by step, pausing in real time between steps, so that an effect that
/// starts sleeping late is still reached; returns the task doing it.
func advanceGradually(
  _ clock: TestClock<Duration>, by step: Duration, times: Int
) -> Task<Void, Never> {
  Task {
    for _ in 0..<times {
      await clock.advance(by: step)
      try? await Task.sleep(for: .milliseconds(20))
    }
  }
}

/// Whether `condition` holds within two seconds, checked while letting other tasks run.
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .seconds(2))
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// Whether `condition` holds within `maxYields` yields to other tasks: for work queued on the
/// main actor, which needs turns rather than time.
@MainActor
func yieldUntil(maxYields: Int = 10_000, _ condition: () -> Bool) async -> Bool {
  for _ in 0..<maxYields {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// Runs `apply` under observation tracking and returns a flag set when a change it observed
/// is about to happen.
@MainActor
func observeChanges(_ apply: () -> Void) -> LockIsolated<Bool> {
  let fired = LockIsolated(false)
  withObservationTracking {
    apply()
  } onChange: {
    fired.setValue(true)
  }
  return fired
}

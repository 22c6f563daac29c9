import Clocks

/// Waits until an effect sleeps on `clock`, so that advancing the clock reaches that sleep.
func waitForSleep(on clock: TestClock<Duration>) async {
  for _ in 0..<1_000 {
    do {
      try await clock.checkSuspension()
    } catch {
      return
    }
  }
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

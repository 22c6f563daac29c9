import Testing

@testable import AppHost

/// When the terminal host draws a change: at once after a quiet moment, so a key press is not
/// held back, and at most once per frame interval while changes keep coming.
struct TerminalHostFrameTests {
  @Test
  func aChangeAfterAQuietMomentIsDrawnAtOnce() {
    let interval = Duration.milliseconds(16)
    #expect(TerminalHost.redrawDelay(sinceLastFrame: nil, frameInterval: interval) == nil)
    #expect(
      TerminalHost.redrawDelay(sinceLastFrame: .milliseconds(16), frameInterval: interval) == nil)
    #expect(
      TerminalHost.redrawDelay(sinceLastFrame: .seconds(3), frameInterval: interval) == nil)
  }

  @Test
  func aChangeSoonAfterAFrameWaitsForTheRestOfTheInterval() {
    let interval = Duration.milliseconds(16)
    #expect(
      TerminalHost.redrawDelay(sinceLastFrame: .milliseconds(10), frameInterval: interval)
        == .milliseconds(6))
    #expect(
      TerminalHost.redrawDelay(sinceLastFrame: .zero, frameInterval: interval)
        == .milliseconds(16))
  }
}

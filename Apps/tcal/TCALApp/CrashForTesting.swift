import AppHost
import ComposableArchitecture
import TerminalUI

/// An internal switch for the end-to-end checks, not a feature: with `TCAL_CRASH_FOR_TESTING`
/// set in the environment, ctrl-\ (the key terminals use to make a program dump core) makes
/// the full-screen app crash with a trap, as a bug in its own code would, so the checks can see
/// the terminal restored after a real crash.
@MainActor
final class CrashForTesting: HostedApp {
  /// The environment variable that turns the switch on.
  static let environmentVariable = "TCAL_CRASH_FOR_TESTING"
  /// The key that crashes the app while the switch is on.
  static let key = Key.ctrl("\\")

  private let app: any HostedApp

  /// `app`, crashing on ``key`` when `environment` has ``environmentVariable`` set, else `app`
  /// itself.
  static func wrapping(_ app: any HostedApp, environment: [String: String]) -> any HostedApp {
    guard let value = environment[environmentVariable], !value.isEmpty else { return app }
    return CrashForTesting(app)
  }

  private init(_ app: any HostedApp) {
    self.app = app
  }

  var tabNames: [String] { app.tabNames }

  func screen(in context: RenderContext) -> Screen { app.screen(in: context) }

  func handle(_ key: Key) -> KeyOutcome {
    if key == Self.key {
      fatalError("crashing on purpose (\(Self.environmentVariable) is set)")
    }
    return app.handle(key)
  }

  func selectTab(_ index: Int) -> StoreTask? { app.selectTab(index) }

  var stateDump: String { app.stateDump }

  var isAnimating: Bool { app.isAnimating }

  var takesText: Bool { app.takesText }

  func quitRequested() -> KeyOutcome { app.quitRequested() }

  var hasQuit: Bool { app.hasQuit }
}

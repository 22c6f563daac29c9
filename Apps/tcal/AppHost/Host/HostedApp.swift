import ComposableArchitecture
import TerminalUI

/// What the terminal and line-mode hosts drive: the composed app (or one feature run alone),
/// drawn from its store's state and fed keys.
///
/// Everything runs on the main actor, where the store lives. The hosts stay generic so they
/// can be tested with a small app of their own.
@MainActor
public protocol HostedApp: AnyObject {
  /// The names of the tabs, in order; line mode's `tab NAME` and `tab N` choose among them.
  var tabNames: [String] { get }

  /// The whole screen for `context`, read from the store's state (the host observes what it
  /// reads and redraws when that changes).
  func screen(in context: RenderContext) -> Screen

  /// Handles a key press: the store task of the action it sent, `quit`, or `ignored`.
  func handle(_ key: Key) -> KeyOutcome

  /// Switches to the tab at `index` (0-based), returning the task of the action sent.
  func selectTab(_ index: Int) -> StoreTask?

  /// The app's state, dumped for line mode's `state` command.
  var stateDump: String { get }

  /// Whether the screen has a text field focused, which line mode's `type` types into.
  var takesText: Bool { get }

  /// Whether something on screen animates (a spinner), so the host ticks while it does.
  var isAnimating: Bool { get }

  /// The person asked to quit (ctrl-c): `quit` to stop now, or the task of an action that
  /// asks first (unsaved changes), after which the host waits for ``hasQuit``.
  func quitRequested() -> KeyOutcome

  /// Whether the app has finished asking and may stop; the host reads it while drawing, so
  /// a change redraws, and stops when it is `true`.
  var hasQuit: Bool { get }
}

extension HostedApp {
  /// Quits at once: nothing to ask.
  public func quitRequested() -> KeyOutcome { .quit }

  /// Never: only ``quitRequested()`` and `q` end an app that asks nothing.
  public var hasQuit: Bool { false }
}

/// What handling a key led to.
public enum KeyOutcome: Sendable {
  /// The key sent an action; line mode waits for its effects before printing.
  case sent(StoreTask)
  /// The key changed something without effects, or did nothing.
  case handled
  /// The person asked to quit.
  case quit
}

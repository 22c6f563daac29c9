/// A feature's screen as the hosts show it (the composed app's tabs and stack, a feature run
/// on its own): a ``TerminalView`` made from the feature's state, with the name its tab and help
/// box show, and whether it is waiting on a request (a spinner animates meanwhile).
///
/// Each feature declares these once, on its view; the hosts read them from there.
public protocol FeatureScreen: TerminalView {
  /// The feature's state, which the screen is drawn from.
  associatedtype State

  /// The feature's name: `Home`, `Search`.
  static var title: String { get }

  /// The screen of `state`.
  init(state: State)

  /// Whether a request is in flight.
  var isBusy: Bool { get }

  /// The action sent each time the screen is shown (a feature that loads on appearing sends
  /// its `onAppear`, which loads only what it still needs), as SwiftUI's
  /// `.onAppear { store.send(.onAppear) }` does; `nil` for none.
  static var appearAction: Action? { get }

  /// The action that asks the person before the screen is left (the app quits) when leaving now
  /// would lose something of theirs, such as unsaved changes; `nil` when it may be left at once.
  ///
  /// A host that quits on `ctrl-c` sends it first and quits once there is nothing left to lose
  /// and the screen no longer ``isAskingToLeave``; a second `ctrl-c` while it asks quits anyway.
  var leaveRequest: Action? { get }

  /// Whether the screen is answering its ``leaveRequest``: asking the person (a dialog), or
  /// doing what they chose before it is left (a save).
  var isAskingToLeave: Bool { get }

  /// Whether a box (an alert, a dialog) is shown over the screen: its keys are then the only
  /// ones, and a parent's (switching tabs, going back) wait until it is closed.
  var isModal: Bool { get }
}

extension FeatureScreen {
  /// A screen sends nothing on appearing unless it says so.
  public static var appearAction: Action? { nil }

  /// A screen may be left at once unless it says otherwise.
  public var leaveRequest: Action? { nil }

  /// A screen that never asks is never asking.
  public var isAskingToLeave: Bool { false }

  /// A screen shows no box unless it says so.
  public var isModal: Bool { false }
}

extension TerminalView {
  /// Whether the view takes `q` (a text field types it): the hosts then quit on `ctrl-c` only,
  /// and say so.
  public var takesQuitKey: Bool {
    action(for: .character("q")) != nil
  }

  /// Whether the view has a text field focused: it takes any printable character, which is
  /// probed with one that no key binding names.
  public var takesText: Bool {
    action(for: .character("§")) != nil
  }
}

import ComposableArchitecture
import TerminalUI

/// One feature run on its own, as the hosts drive it: the feature's view draws the screen above
/// a status line of its keys, and keys go to the view's bindings first.
///
/// Keys the view does not take are the host's, as in the composed app: `?` shows every key in a
/// box and `q` quits (see ``HelpOverlay``).
///
/// There is one tab, named after the feature, so line mode's `tab 1` only redraws. Delegate
/// actions (such as opening a user) are the composed app's to handle: given the feature's
/// ``DelegateLog``, the app says which one a key sent, above the status line until the next
/// key, instead of doing nothing visible.
///
/// `ctrl-c` quits at once unless the view has a ``FeatureScreen/leaveRequest`` (unsaved
/// changes): then it is sent, and the app quits once the feature has answered it with nothing
/// left to lose (the changes discarded or saved); a second `ctrl-c` while the feature asks quits
/// anyway, as in the composed app.
@MainActor
public final class FeatureApp<Feature: Reducer, View: FeatureScreen>: HostedApp
where View.Action == Feature.Action, View.State == Feature.State {
  /// The feature's store.
  public let store: StoreOf<Feature>
  /// Text at the right end of the status line, such as "mock data".
  public let status: String
  /// The help box, and the keys the host handles.
  public private(set) var help = HelpOverlay()
  /// What the person is told above the status line until their first key.
  public private(set) var notice: StartupNotice
  /// The height left to the view by the status line in the last frame drawn, which page keys
  /// move by (`nil` before the first).
  private var viewHeight: Int?
  /// The delegate actions the feature sends, when they are recorded.
  private let delegates: DelegateLog?
  /// Whether `ctrl-c` sent the view's leave request, and the feature has not yet let the app
  /// quit nor kept the person on the screen.
  private var isQuitPending = false
  /// The theme to draw with, read each frame (the saved settings' choice), or `nil` for the
  /// host's.
  private let theme: (@MainActor () -> Theme)?

  /// Runs `store`'s feature drawn by `View`, telling the person `notice` until their first key
  /// and, when `delegates` records the feature's delegate actions (see
  /// ``Reducer/recordingDelegates(in:)``), each one a key sent. `theme`, when given, is read
  /// each frame and drawn with instead of the host's (so a feature follows the saved theme).
  public init(
    store: StoreOf<Feature>, view _: View.Type, status: String = "",
    notice: StartupNotice = StartupNotice(), delegates: DelegateLog? = nil,
    theme: (@MainActor () -> Theme)? = nil
  ) {
    self.store = store
    self.status = status
    self.notice = notice
    self.delegates = delegates
    self.theme = theme
  }

  /// The feature's name, for the tab and the help box.
  public var title: String { View.title }

  /// The feature's one tab.
  public var tabNames: [String] { [title] }

  /// The view's lines above the status line (and the notice, until the first key), with the
  /// help box over them when shown.
  public func screen(in context: RenderContext) -> Screen {
    var context = context
    if let theme { context.theme = theme() }
    // Delegate actions an effect sent since the last frame (the log wakes the host for them),
    // and what the notice's source says now.
    tellDelegates()
    notice.refresh()
    let view = View(state: store.state)
    let theme = context.theme
    let chrome = Chrome(of: view)
    viewHeight = context.height - 1
    let status = chrome.statusLine(status: status)
    let screen = notice.framing(context) { context in
      Screen(
        width: context.width,
        height: context.height,
        footer: [status.line(width: context.width, theme: theme)]
      ) { height in
        var body = context
        body.height = height
        return view.render(in: body)
      }
    }
    return help.overlaying(screen, title: "\(title) keys", chrome: chrome, theme: theme)
  }

  /// Sends the view's action for `key`; else `?` toggles the help box and `q` quits.
  public func handle(_ key: Key) -> KeyOutcome {
    notice.dismiss()
    defer {
      keepIfStaying()
      tellDelegates()
    }
    return help.handle(key) { key in
      View(state: store.state).action(for: key, height: viewHeight).map { store.send($0) }
    }
  }

  /// Tells the person of the delegate actions the feature sent, which only the composed app
  /// follows.
  private func tellDelegates() {
    guard let sent = delegates?.take(), !sent.isEmpty else { return }
    notice = StartupNotice(
      "\(title) sent \(sent.joined(separator: ", ")), which the composed app handles: run "
        + "tcal without --feature to follow it.")
  }

  /// Sends the view's leave request when it has one, else quits; asked again while the feature
  /// answers it, quits anyway.
  public func quitRequested() -> KeyOutcome {
    let view = View(state: store.state)
    if isQuitPending, view.isAskingToLeave { return .quit }
    guard let request = view.leaveRequest else { return .quit }
    isQuitPending = true
    let task = store.send(request)
    return hasQuit ? .quit : .sent(task)
  }

  /// Whether the feature answered the leave request `ctrl-c` sent with nothing left to lose.
  public var hasQuit: Bool {
    guard isQuitPending else { return false }
    let view = View(state: store.state)
    return view.leaveRequest == nil && !view.isAskingToLeave
  }

  /// Forgets the quit when the feature stopped asking with something still to lose (the person
  /// chose to keep editing), so that a later save does not quit and `ctrl-c` asks again.
  private func keepIfStaying() {
    guard isQuitPending else { return }
    let view = View(state: store.state)
    if !view.isAskingToLeave, view.leaveRequest != nil { isQuitPending = false }
  }

  /// The only tab is already shown: nothing to send (the notice counts it as seen, as a key).
  public func selectTab(_ index: Int) -> StoreTask? {
    notice.dismiss()
    return nil
  }

  /// Whether the feature's screen has a text field focused (not while the help box is shown).
  public var takesText: Bool {
    !help.isPresented && View(state: store.state).takesText
  }

  /// The feature's state, dumped.
  public var stateDump: String {
    String(customDumping: store.state)
  }

  /// Whether the feature is waiting on a request, which shows a spinner.
  public var isAnimating: Bool {
    View(state: store.state).isBusy
  }
}

import ComposableArchitecture
import TerminalUI

/// A hosted app recorded by `TimeTravel`, with a panel to step through its history.
///
/// The wrapped ``app`` runs on the store scoped to the recorded feature
/// (`store.scope(state: \.current, action: \.base)`), so every action it sends is recorded, and
/// it draws whatever state is current: a past one while the person steps back.
///
/// `TimeTravelPanel.openKey` (ctrl-t) opens the panel over the right of the screen. In it, `k`/`↑`/`←` step
/// back, `j`/`↓`/`→` step forward, `g`/`home` and `G`/`end` go to the oldest and newest states,
/// and `enter`, `esc`, `q` or ctrl-t close it. Closing it on a past state resumes from there: the
/// recorded future is dropped and the step that made the state runs again, so that a load it
/// shows in flight gets its answer (`TimeTravelAction.resume`). A key or tab sent while stepped
/// back without the panel (line mode's `travel`) resumes the same way first.
@MainActor
public final class TimeTravelApp<Base: Reducer>: TimeTravellingApp {
  /// The store of the recorded feature and its history.
  public let store: StoreOf<TimeTravel<Base>>
  /// The app drawn and fed keys, running on `store` scoped to the recorded feature.
  public let app: any HostedApp
  /// Whether the history panel is shown.
  public private(set) var isPanelPresented = false

  /// Wraps `app`, which runs on `store.scope(state: \.current, action: \.base)`.
  public init(store: StoreOf<TimeTravel<Base>>, app: any HostedApp) {
    self.store = store
    self.app = app
  }

  /// The app's tabs.
  public var tabNames: [String] { app.tabNames }

  /// The app's screen, with the panel over its right side (below the first line, above the
  /// last, so the tabs stay visible) and its keys on the status line while it is shown.
  public func screen(in context: RenderContext) -> Screen {
    let screen = app.screen(in: context)
    guard isPanelPresented, context.height > 0 else { return screen }
    let width = min(TimeTravelPanel.width, context.width)
    let lines = panel.lines(
      width: width, height: max(context.height - 2, 0), theme: context.theme)
    let status = TimeTravelPanel.chrome.statusLine()
      .line(width: context.width, theme: context.theme)
    return screen.overlaying(lines, row: 1, column: context.width - width)
      .overlaying([status], row: context.height - 1, column: 0)
  }

  /// The panel for the recorded history.
  public var panel: TimeTravelPanel {
    TimeTravelPanel(store.state)
  }

  /// While the panel is shown, its keys (anything else is ignored); otherwise
  /// `TimeTravelPanel.openKey` opens it and every other key goes to the app.
  public func handle(_ key: Key) -> KeyOutcome {
    guard isPanelPresented else {
      if key == TimeTravelPanel.openKey {
        isPanelPresented = true
        return .handled
      }
      resumeIfSteppedBack()
      return app.handle(key)
    }
    let state = store.state
    switch TimeTravelPanel.keyBindings.action(for: key) {
    case .stepBack?:
      return state.canStepBack ? .sent(store.send(.stepBack)) : .handled
    case .stepForward?:
      return state.canStepForward ? .sent(store.send(.stepForward)) : .handled
    case .oldest?:
      return state.cursor != 0 ? .sent(store.send(.jump(to: 0))) : .handled
    case .newest?:
      let last = state.history.count - 1
      return state.cursor != last ? .sent(store.send(.jump(to: last))) : .handled
    case .close?:
      isPanelPresented = false
      return resumeIfSteppedBack().map { .sent($0) } ?? .handled
    case nil:
      return .handled
    }
  }

  /// Switches the app's tab (an action: it resumes from the state shown).
  public func selectTab(_ index: Int) -> StoreTask? {
    resumeIfSteppedBack()
    return app.selectTab(index)
  }

  /// Resumes from the state shown when it is a past one (see `TimeTravelAction.resume`),
  /// returning the task of the step run again.
  @discardableResult
  private func resumeIfSteppedBack() -> StoreTask? {
    store.state.canStepForward ? store.send(.resume) : nil
  }

  /// The app's state (the one shown).
  public var stateDump: String { app.stateDump }

  /// Whether the app's screen animates.
  public var isAnimating: Bool { app.isAnimating }

  /// Whether the app's screen has a text field focused (never while the panel is shown).
  public var takesText: Bool { !isPanelPresented && app.takesText }

  /// The app's answer: quitting asks the app, history panel open or not.
  public func quitRequested() -> KeyOutcome {
    isPanelPresented = false
    return app.quitRequested()
  }

  public var hasQuit: Bool { app.hasQuit }

  /// Jumps `offset` recorded steps away, clamped to the history.
  public func travel(by offset: Int) -> Int {
    let state = store.state
    let target = min(max(state.cursor + offset, 0), state.history.count - 1)
    guard target != state.cursor else { return 0 }
    store.send(.jump(to: target))
    return abs(target - state.cursor)
  }

  /// The panel's rows as plain text.
  public var historyText: String {
    panel.rows.map(\.plainText).joined(separator: "\n")
  }
}

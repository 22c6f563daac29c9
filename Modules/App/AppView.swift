import ComposableArchitecture
import TerminalUI

/// The whole app's terminal view: the tabs (``AppTab``) with the drill-down stack's last screen
/// over the selected one, as a ``TabbedScreen`` (which draws it, says what keys do, lists them
/// in its ``TabbedScreen/chrome`` and tells whether a feature is busy); `/` chooses Search when
/// the screen does not take it. The help box (`?`) and quitting (`q`, `ctrl-c`) are the host's,
/// as for a feature run on its own.
public typealias AppView = TabbedScreen<App.Action>

extension TabbedScreen where Action == App.Action {
  /// The view of `state`; `hostHints` are keys the host handles before the app (such as the
  /// history panel's), listed after the app's own in the status line and the help.
  public init(state: App.State, hostHints: [KeyHint] = []) {
    self.init(
      tabs: AppTab.allCases.map { $0.screen(in: state) },
      selection: AppTab.allCases.firstIndex(of: state.selectedTab) ?? 0,
      stack: state.path.ids.compactMap { id in state.path[id: id]?.screen(id: id) },
      select: { .tabSelected(AppTab.allCases[$0]) },
      back: .backRequested,
      shortcuts: [KeyBinding(.character("/"), label: "search", action: .searchRequested)],
      hostHints: hostHints)
  }
}

import AppFeature
import AppHost
import AppSettings
import ComposableArchitecture
import SettingsFeature
import TerminalUI

/// The composed app as the hosts drive it: frames drawn by ``AppView`` from the store's state,
/// keys sent as the view's actions; `?` (help) and `q` (quit) when no screen takes them, as
/// for a feature run on its own (``HelpOverlay``).
@MainActor
final class ComposedApp: HostedApp {
  let store: StoreOf<App>
  /// Whether colour is off whatever the settings say (`--no-color`, `NO_COLOR`).
  let forcesMonochrome: Bool
  /// Keys a wrapping host handles, for the status line and the help (see `AppView.hostHints`).
  let hostHints: [KeyHint]
  /// Text at the right end of the status line, such as "mock data".
  let status: String
  /// The help box, and the keys the host handles.
  private(set) var help = HelpOverlay()
  /// What the person is told above the status line until their first key.
  private(set) var notice: StartupNotice
  /// The height of the last frame drawn, which page keys move by (`nil` before the first).
  private var height: Int?

  init(
    store: StoreOf<App>, forcesMonochrome: Bool, hostHints: [KeyHint] = [], status: String = "",
    notice: StartupNotice = StartupNotice()
  ) {
    self.store = store
    self.forcesMonochrome = forcesMonochrome
    self.hostHints = hostHints
    self.status = status
    self.notice = notice
  }

  var tabNames: [String] { AppTab.allCases.map(\.rawValue) }

  func screen(in context: RenderContext) -> Screen {
    var context = context
    context.theme = theme
    height = context.height
    notice.refresh()
    var view = AppView(state: store.state, hostHints: hostHints)
    view.status = status
    return help.overlaying(
      notice.framing(context) { view.screen(in: $0) }, title: "Keys", chrome: view.chrome,
      theme: context.theme)
  }

  /// The theme the settings choose, unless colour is forced off.
  var theme: Theme {
    Theme(store.state.userSettings.theme, forcesMonochrome: forcesMonochrome)
  }

  func handle(_ key: Key) -> KeyOutcome {
    notice.dismiss()
    return help.handle(key) { key in
      AppView(state: store.state).action(for: key, height: height).map { store.send($0) }
    }
  }

  func selectTab(_ index: Int) -> StoreTask? {
    // Chosen by a command (line mode's `tab`): the notice has been seen, as after a key.
    notice.dismiss()
    guard AppTab.allCases.indices.contains(index) else { return nil }
    return store.send(.tabSelected(AppTab.allCases[index]))
  }

  var stateDump: String {
    String(customDumping: store.state)
  }

  var isAnimating: Bool {
    AppView(state: store.state).isBusy
  }

  var takesText: Bool {
    !help.isPresented && AppView(state: store.state).takesText
  }

  /// Asks the app, which asks the profile first about unsaved changes.
  func quitRequested() -> KeyOutcome {
    let task = store.send(.quitRequested)
    return store.isQuitConfirmed ? .quit : .sent(task)
  }

  var hasQuit: Bool { store.isQuitConfirmed }
}

extension Theme {
  /// The theme `setting` names, or ``monochrome`` when colour is forced off (`--no-color`,
  /// `NO_COLOR`).
  init(_ setting: UserSettings.Theme, forcesMonochrome: Bool) {
    if forcesMonochrome {
      self = .monochrome
      return
    }
    switch setting {
    case .dark: self = .dark
    case .light: self = .light
    case .noColor: self = .monochrome
    }
  }
}

import AppFeature
import AppHost
import AppSettings
import ComposableArchitecture
import SettingsFeature
import TerminalUI

/// The composed app as the hosts drive it: frames drawn by ``AppView`` from the store's state,
/// keys sent as the view's actions, `q` (when no screen takes it) to quit.
@MainActor
final class ComposedApp: HostedApp {
  let store: StoreOf<App>
  /// Whether colour is off whatever the settings say (`--no-color`, `NO_COLOR`).
  let forcesMonochrome: Bool
  /// Keys a wrapping host handles, for the status line and the help (see `AppView.hostHints`).
  let hostHints: [KeyHint]

  init(store: StoreOf<App>, forcesMonochrome: Bool, hostHints: [KeyHint] = []) {
    self.store = store
    self.forcesMonochrome = forcesMonochrome
    self.hostHints = hostHints
  }

  var tabNames: [String] { AppTab.allCases.map(\.rawValue) }

  func screen(in context: RenderContext) -> Screen {
    var context = context
    context.theme = theme
    return AppView(state: store.state, hostHints: hostHints).screen(in: context)
  }

  /// The theme the settings choose, unless colour is forced off.
  var theme: Theme {
    if forcesMonochrome { return .monochrome }
    switch store.state.userSettings.theme {
    case .dark: return .dark
    case .light: return .light
    case .noColor: return .monochrome
    }
  }

  func handle(_ key: Key) -> KeyOutcome {
    if let action = AppView(state: store.state).action(for: key) {
      return .sent(store.send(action))
    }
    return key == .character("q") ? .quit : .handled
  }

  func selectTab(_ index: Int) -> StoreTask? {
    guard AppTab.allCases.indices.contains(index) else { return nil }
    return store.send(.tabSelected(AppTab.allCases[index]))
  }

  var stateDump: String {
    String(customDumping: store.state)
  }

  var isAnimating: Bool {
    store.state.isLoading
  }
}

import AppSettings
import ComposableArchitecture
import FeatureKit
import TerminalUI

/// The settings screen in the terminal: one row per setting with its value, the selected row
/// highlighted and described below the list, then the notice about the saved settings (such as
/// a damaged file moved aside) and the last save error.
///
/// Keys: `j`/`↓` and `k`/`↑` select a row, `g`/`home` and `G`/`end` the first and last;
/// `←`/`h` and `→`/`l` change the selected value down or up (the previous or next theme),
/// `enter`/`space` change it as `→` does (and switch previews on or off); `d` resets every
/// setting to its default and `x` dismisses the notice and the error.
public struct SettingsView: FeatureScreen {
  /// The state drawn.
  public var state: Settings.State

  /// The feature's name, as its tab and help box show it.
  public static let title = "Settings"

  /// Whether a request is in flight.
  public var isBusy: Bool { false }

  /// A view of `state`.
  public init(state: Settings.State) {
    self.state = state
  }

  /// The labels' column, the selection marker's gutter not included.
  private static let labelWidth = 16

  /// The title line, the settings, the selected setting's description, the notice and the
  /// error.
  public func render(in context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    let width = context.width
    let title = StyledLine("Settings", style: theme.title)
    let rows = Settings.Row.allCases
    let list = ListView(rows: rows.map { row($0, theme: theme) }, selection: state.selection)
    var lines = [title] + list.lines(width: width, height: rows.count, theme: theme)
    // Text below the list lines up with the rows, after the selection marker's gutter.
    let indent = StyledLine("  ")
    let textWidth = width - indent.width
    lines.append(.empty)
    lines += WordWrap.styledLines(
      of: Self.description(state.selectedRow), width: textWidth, style: theme.secondary
    ).map { indent + $0 }
    var messages: [StyledLine] = []
    if let notice = state.notice {
      messages += WordWrap.styledLines(of: notice, width: textWidth, style: theme.warning)
    }
    if let message = state.errorMessage {
      messages += WordWrap.styledLines(of: message, width: textWidth, style: theme.error)
    }
    if !messages.isEmpty {
      messages.append(StyledLine("x dismiss", style: theme.secondary))
      lines += [.empty] + messages.map { indent + $0 }
    }
    return lines
  }

  /// The keys that select a row, change its value, reset and dismiss; the help box also lists
  /// `enter`/`space` and `g`/`G`, which the status line leaves out for room.
  public var keyBindings: [KeyBinding<Settings.Action>] {
    let selection = ListSelection.clamped(state.selection, count: Settings.Row.allCases.count)
    var bindings: [KeyBinding<Settings.Action>] = [
      KeyBinding(
        [.character("j"), .down], label: "move", keysLabel: "j/k", action: .moveSelection(1)),
      KeyBinding([.character("k"), .up], label: nil, action: .moveSelection(-1)),
      KeyBinding(
        [.left, .character("h")], label: "change", keysLabel: "h/l",
        action: change(by: -1)),
      KeyBinding([.right, .character("l")], label: nil, action: change(by: 1)),
      KeyBinding(
        [.enter, .character(" ")], label: "next value", keysLabel: "enter/space",
        action: change(by: 1)
      ).hintedInHelpOnly(),
      KeyBinding(.character("d"), label: "defaults", action: .resetToDefaults),
    ]
    if state.notice != nil || state.errorMessage != nil {
      bindings.append(KeyBinding(.character("x"), label: "dismiss", action: .noticeDismissed))
    }
    bindings += [
      KeyBinding(
        [.character("g"), .home], label: "top/bottom", keysLabel: "g/G",
        action: .moveSelection(-selection)
      ).hintedInHelpOnly(),
      KeyBinding(
        [.character("G"), .end], label: nil,
        action: .moveSelection(Settings.Row.allCases.count - 1 - selection)),
    ]
    return bindings
  }

  /// The action that changes the selected setting one step down (`-1`) or up (`1`).
  private func change(by step: Int) -> Settings.Action {
    switch state.selectedRow {
    case .theme:
      let themes = UserSettings.Theme.allCases
      let index = themes.firstIndex(of: state.settings.theme) ?? 0
      return .themeSelected(themes[(index + step + themes.count) % themes.count])
    case .pageSize:
      return step < 0 ? .pageSizeDecremented : .pageSizeIncremented
    case .searchDebounce:
      return step < 0 ? .searchDebounceDecremented : .searchDebounceIncremented
    case .postPreviews:
      return .showsPostPreviewsToggled
    }
  }

  private func row(_ row: Settings.Row, theme: Theme) -> StyledLine {
    let settings = state.settings
    let (label, value, unit): (String, String, String) =
      switch row {
      case .theme: ("Theme", Self.name(of: settings.theme), "")
      case .pageSize: ("Page size", "\(settings.pageSize)", " rows")
      case .searchDebounce: ("Search delay", "\(settings.searchDebounceMilliseconds)", " ms")
      case .postPreviews: ("Post previews", settings.showsPostPreviews ? "on" : "off", "")
      }
    return StyledLine(label.fitted(to: Self.labelWidth), style: theme.text)
      + StyledLine("‹ ", style: theme.secondary) + StyledLine(value, style: theme.accent)
      + StyledLine(" ›", style: theme.secondary) + StyledLine(unit, style: theme.secondary)
  }

  private static func name(of theme: UserSettings.Theme) -> String {
    switch theme {
    case .dark: "dark"
    case .light: "light"
    case .noColor: "no colour"
    }
  }

  private static func description(_ row: Settings.Row) -> String {
    switch row {
    case .theme:
      "The colours: dark, light, or no colour at all."
    case .pageSize:
      "How many rows a list loads at a time "
        + "(\(UserSettings.pageSizeRange.lowerBound)–\(UserSettings.pageSizeRange.upperBound))."
    case .searchDebounce:
      "How long search waits after typing "
        + "(\(UserSettings.searchDebounceRange.lowerBound)–"
        + "\(UserSettings.searchDebounceRange.upperBound) ms)."
    case .postPreviews:
      "Whether lists of posts show the start of each post."
    }
  }
}

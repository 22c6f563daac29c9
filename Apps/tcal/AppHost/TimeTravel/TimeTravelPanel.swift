import ComposableArchitecture
import TerminalUI

/// The time-travel panel: the recorded actions, oldest first, with the current one marked, in a
/// box titled with the position. Its keys are on the status line while it is open (``chrome``).
///
/// ```text
/// ╭─ History 3/4 ──────────────────────────╮
/// │   (start)                              │
/// │   onAppear                             │
/// │ › users(.moveSelection(1))             │
/// │   users(.moveSelection(1))             │
/// ╰────────────────────────────────────────╯
/// ```
///
/// Steps after the current one (the future that resuming drops) are drawn in
/// ``Theme/secondary``; when the box is too short for every step, the rows shown follow the
/// current one.
public struct TimeTravelPanel: Hashable, Sendable {
  /// Each recorded step's short name (see ``ActionSummary``), oldest first.
  public var steps: [String]
  /// The position in ``steps`` of the state shown.
  public var cursor: Int

  /// A panel listing `steps` with `cursor` marked.
  public init(steps: [String], cursor: Int) {
    self.steps = steps
    self.cursor = cursor
  }

  /// The panel for a `TimeTravel` history; the state recording started from reads `(start)`.
  public init<Base: Reducer>(_ state: TimeTravel<Base>.State) {
    self.init(
      steps: state.history.map { entry in entry.action.map(ActionSummary.text(of:)) ?? "(start)" },
      cursor: state.cursor)
  }

  /// The key that opens (and closes) the panel.
  public static let openKey = Key.ctrl("t")
  /// The hint for ``openKey``, for the status line and the help of the app under the panel.
  public static let openHint = KeyHint(keys: "ctrl-t", label: "history")
  /// The widest the panel is drawn, in columns.
  public static let width = 44

  /// What the panel's keys do, as every screen's keys are declared (the status line lists the
  /// labelled ones): `k`/`↑`/`h`/`←` back, `j`/`↓`/`l`/`→` forward, `g`/`home` and `G`/`end` the
  /// oldest and newest states, `enter`, `esc`, `q` (as in a dialog) or ``openKey`` close.
  public static var keyBindings: [KeyBinding<Command>] {
    // Closing first: in a narrow window the status line keeps the way out.
    [
      KeyBinding(
        [.enter, .escape, .character("q"), openKey], label: "close", keysLabel: "esc/q",
        action: .close),
      KeyBinding(
        [.character("k"), .up, .character("h"), .left], label: "back", keysLabel: "k/↑",
        action: .stepBack),
      KeyBinding(
        [.character("j"), .down, .character("l"), .right], label: "forward", keysLabel: "j/↓",
        action: .stepForward),
      KeyBinding([.character("g"), .home], label: "oldest", keysLabel: "g", action: .oldest),
      KeyBinding([.character("G"), .end], label: "newest", keysLabel: "G", action: .newest),
    ]
  }

  /// What a key does in the panel.
  public enum Command: Equatable, Sendable {
    /// Show the state before the current one.
    case stepBack
    /// Show the state after the current one.
    case stepForward
    /// Show the state recording started from.
    case oldest
    /// Show the newest state.
    case newest
    /// Close the panel.
    case close
  }

  /// The keys the status line lists while the panel is open.
  public static var hints: [KeyHint] { keyBindings.hints() }

  /// The status line's hints while the panel is open, drawn as every screen's are: the panel's
  /// keys, then how to quit (`ctrl-c`; `q` and `?` do nothing in the panel).
  public static var chrome: Chrome {
    Chrome(screenHints: hints, screenTakesQuitKey: true, offersHelp: false)
  }

  /// Every step as a row, unstyled: `› ` marks the current one.
  public var rows: [StyledLine] {
    rows(in: steps.indices, width: nil, theme: .monochrome)
  }

  /// The box's lines, exactly `width` columns wide and at most `height` lines high (none when
  /// there is no room for one step).
  public func lines(width: Int, height: Int, theme: Theme) -> [StyledLine] {
    // Borders take two lines.
    let room = height - 2
    let content = width - 4
    guard room >= 1, content >= 12 else { return [] }
    let first = min(max(cursor - room / 2, 0), max(steps.count - room, 0))
    let shown = first..<min(first + room, steps.count)
    let box = ModalBox(
      title: "History \(cursor + 1)/\(steps.count)",
      details: rows(in: shown, width: content, theme: theme))
    return box.lines(maxWidth: width, theme: theme)
  }

  /// The rows of the steps in `range`, fitted to `width` when given (the current one's
  /// highlight then spans the row).
  private func rows(in range: Range<Int>, width: Int?, theme: Theme) -> [StyledLine] {
    range.map { index in
      let isCurrent = index == cursor
      let style = isCurrent ? theme.selection : index > cursor ? theme.secondary : theme.text
      let row = StyledLine((isCurrent ? "› " : "  ") + steps[index], style: style)
      guard let width else { return row }
      return row.fitted(to: width, padding: isCurrent ? theme.selection : .plain)
    }
  }
}

/// A key and what it does, as the status line and the help overlay show it: `j/k move`.
public struct KeyHint: Hashable, Sendable {
  /// The key or keys, as the user types them: `"j/k"`, `"enter"`, `"?"`.
  public var keys: String
  /// What they do, short: `"move"`, `"open"`.
  public var label: String
  /// Whether the status line shows the hint; the help box lists every hint. A second way to do
  /// what another hint says (`enter` changing a value as `l` does) is left to the help.
  public var isInStatusLine: Bool

  /// A hint that `keys` do `label`, shown in the status line unless `isInStatusLine` is false.
  public init(keys: String, label: String, isInStatusLine: Bool = true) {
    self.keys = keys
    self.label = label
    self.isInStatusLine = isInStatusLine
  }
}

/// The status and help line at the bottom of the screen: key hints on the left
/// (`j/k move · enter open · ? help · q quit`) and an optional status on the right.
///
/// Hints that do not fit are left out from the end, whole, rather than cut in the middle; the
/// pinned hints (`? help`, how to quit) come last and are the last to go, so a narrow terminal
/// still says how to get help and how to leave.
public struct StatusLine: Hashable, Sendable {
  /// The hints, most important first.
  public var hints: [KeyHint]
  /// The hints shown after ``hints`` whatever the width, as long as they fit on their own.
  public var pinned: [KeyHint]
  /// Text shown at the right end, such as a position (`3/120`) or a short message.
  public var status: String

  /// A status line showing `hints`, then `pinned`, and `status`.
  public init(hints: [KeyHint], pinned: [KeyHint] = [], status: String = "") {
    self.hints = hints
    self.pinned = pinned
    self.status = status
  }

  /// The line, exactly `width` columns wide, in ``Theme/statusBar`` with keys in
  /// ``Theme/statusKey``.
  public func line(width: Int, theme: Theme) -> StyledLine {
    guard width > 0 else { return .empty }
    let statusWidth = status.isEmpty ? 0 : status.displayWidth + 1
    let room = width - 1 - statusWidth
    let shownPinned = Self.fitting(pinned, in: room)
    let pinnedWidth = Self.width(of: shownPinned)
    let leadingRoom = shownPinned.isEmpty ? room : room - pinnedWidth - Self.separator.count
    let shown = Self.fitting(hints, in: leadingRoom) + shownPinned
    var line = StyledLine(" ", style: theme.statusBar)
    for (index, hint) in shown.enumerated() {
      if index > 0 { line.append(Self.separator, style: theme.statusBar) }
      line.append(hint.keys, style: theme.statusKey)
      line.append(" " + hint.label, style: theme.statusBar)
    }
    if !status.isEmpty {
      let gap = max(width - line.width - status.displayWidth - 1, 1)
      line.append(String(repeating: " ", count: gap), style: theme.statusBar)
      line.append(status + " ", style: theme.statusBar)
    }
    return line.fitted(to: width, padding: theme.statusBar)
  }

  /// What goes between two hints.
  private static let separator = " · "

  /// The columns `hints` take, separators included.
  private static func width(of hints: [KeyHint]) -> Int {
    hints.reduce(0) { $0 + $1.width } + max(hints.count - 1, 0) * separator.count
  }

  /// The first of `hints` that fit in `room` columns, whole.
  private static func fitting(_ hints: [KeyHint], in room: Int) -> [KeyHint] {
    var used = 0
    var fitting: [KeyHint] = []
    for hint in hints {
      let needed = fitting.isEmpty ? hint.width : separator.count + hint.width
      guard used + needed <= room else { break }
      fitting.append(hint)
      used += needed
    }
    return fitting
  }
}

extension KeyHint {
  /// The columns the hint takes: its keys, a space and its label.
  fileprivate var width: Int { keys.displayWidth + 1 + label.displayWidth }
}

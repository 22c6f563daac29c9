/// A key and what it does, as the status line and the help overlay show it: `j/k move`.
public struct KeyHint: Hashable, Sendable {
  /// The key or keys, as the user types them: `"j/k"`, `"enter"`, `"?"`.
  public var keys: String
  /// What they do, short: `"move"`, `"open"`.
  public var label: String

  /// A hint that `keys` do `label`.
  public init(keys: String, label: String) {
    self.keys = keys
    self.label = label
  }
}

/// The status and help line at the bottom of the screen: key hints on the left
/// (`j/k move · enter open · ? help · q quit`) and an optional status on the right.
///
/// Hints that do not fit are left out from the end, whole, rather than cut in the middle.
public struct StatusLine: Hashable, Sendable {
  /// The hints, most important first.
  public var hints: [KeyHint]
  /// Text shown at the right end, such as a position (`3/120`) or a short message.
  public var status: String

  /// A status line showing `hints` and `status`.
  public init(hints: [KeyHint], status: String = "") {
    self.hints = hints
    self.status = status
  }

  /// The line, exactly `width` columns wide, in ``Theme/statusBar`` with keys in
  /// ``Theme/statusKey``.
  public func line(width: Int, theme: Theme) -> StyledLine {
    guard width > 0 else { return .empty }
    let separator = " · "
    let statusWidth = status.isEmpty ? 0 : status.displayWidth + 1
    let room = width - 1 - statusWidth
    var line = StyledLine(" ", style: theme.statusBar)
    var used = 0
    for hint in hints {
      let hintWidth = hint.keys.displayWidth + 1 + hint.label.displayWidth
      let needed = used == 0 ? hintWidth : separator.displayWidth + hintWidth
      guard used + needed <= room else { break }
      if used > 0 { line.append(separator, style: theme.statusBar) }
      line.append(hint.keys, style: theme.statusKey)
      line.append(" " + hint.label, style: theme.statusBar)
      used += needed
    }
    if !status.isEmpty {
      let gap = max(width - line.width - status.displayWidth - 1, 1)
      line.append(String(repeating: " ", count: gap), style: theme.statusBar)
      line.append(status + " ", style: theme.statusBar)
    }
    return line.fitted(to: width, padding: theme.statusBar)
  }
}

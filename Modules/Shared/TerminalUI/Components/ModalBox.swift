import ComposableArchitecture

/// A bordered box for alerts, confirmation dialogs and overlays such as the key help: a title
/// in the top border, a wrapped message, extra preformatted lines, and selectable buttons.
///
/// ```text
/// ╭─ Delete post? ─────────────╮
/// │ This cannot be undone.     │
/// │                            │
/// │   [ Delete ]    Cancel     │
/// ╰────────────────────────────╯
/// ```
///
/// The selected button is drawn in brackets and ``Theme/selection``, so it shows without
/// colour too. Build one from the runtime's `AlertState` or `ConfirmationDialogState` with
/// `init(_:selection:)`; which button is selected is the app's state.
/// Lay it over a screen with ``Screen/overlaying(_:)``.
public struct ModalBox: Hashable, Sendable {
  /// A button of the box.
  public struct Button: Hashable, Sendable {
    /// The button's label.
    public var title: String
    /// The button's role: a destructive button is drawn in ``Theme/error``.
    public var role: ButtonStateRole?

    /// A button labelled `title`.
    public init(_ title: String, role: ButtonStateRole? = nil) {
      self.title = title
      self.role = role
    }
  }

  /// How buttons are laid out.
  public enum ButtonLayout: Hashable, Sendable {
    /// Side by side, centred (alerts); falls back to a column when they do not fit.
    case row
    /// One per line (confirmation dialogs, which often have several long choices).
    case column
  }

  /// The title, drawn in the top border (none when empty).
  public var title: String
  /// The message, word-wrapped to the box's width (none when empty).
  public var message: String
  /// Lines drawn after the message as they are (truncated when too wide), such as key hints.
  public var details: [StyledLine]
  /// The buttons.
  public var buttons: [Button]
  /// The index of the selected button, if any.
  public var selection: Int?
  /// How the buttons are laid out.
  public var layout: ButtonLayout
  /// The widest the message is allowed to make the box before it wraps, in columns.
  public var preferredWidth: Int

  /// A box with the given content.
  public init(
    title: String,
    message: String = "",
    details: [StyledLine] = [],
    buttons: [Button] = [],
    selection: Int? = nil,
    layout: ButtonLayout = .row,
    preferredWidth: Int = 50
  ) {
    self.title = title
    self.message = message
    self.details = details
    self.buttons = buttons
    self.selection = selection
    self.layout = layout
    self.preferredWidth = preferredWidth
  }

  /// The box for `alert`, its buttons side by side; an alert without buttons gets an `OK`
  /// button, as the platforms show one.
  public init<Action>(_ alert: AlertState<Action>, selection: Int? = 0) {
    let buttons = alert.buttons.map { Button($0.label.string, role: $0.role) }
    self.init(
      title: alert.title.string,
      message: alert.message?.string ?? "",
      buttons: buttons.isEmpty ? [Button("OK", role: .cancel)] : buttons,
      selection: selection,
      layout: .row
    )
  }

  /// The box for `dialog`, one button per line; a hidden title is left out.
  public init<Action>(_ dialog: ConfirmationDialogState<Action>, selection: Int? = 0) {
    self.init(
      title: dialog.titleVisibility == .hidden ? "" : dialog.title.string,
      message: dialog.message?.string ?? "",
      buttons: dialog.buttons.map { Button($0.label.string, role: $0.role) },
      selection: selection,
      layout: .column
    )
  }

  /// The keys that close a help box: `esc`, `?`, `enter` and `q`.
  public static let helpClosingKeys: [Key] = [
    .escape, .character("?"), .ctrl("g"), .enter, .character("q"),
  ]

  /// A help overlay listing `hints` as a table of keys and what they do.
  public static func help(title: String = "Keys", hints: [KeyHint], theme: Theme) -> ModalBox {
    let keysWidth = hints.map(\.keys.displayWidth).max() ?? 0
    let rows = hints.map { hint in
      StyledLine(hint.keys.padded(to: keysWidth), style: theme.accent) + "  "
        + StyledLine(hint.label)
    }
    return ModalBox(title: title, details: rows, buttons: [Button("Close", role: .cancel)])
  }

  /// The box's lines, at most `maxWidth` columns wide (all lines equally wide) and, when
  /// `maxHeight` is given, at most that many lines: the text is then cut, ending in `…`, so the
  /// buttons stay visible. When not even the border and the buttons fit, one line: the title
  /// (or message) and the selected button.
  public func lines(maxWidth: Int, maxHeight: Int? = nil, theme: Theme) -> [StyledLine] {
    // Border and one space of padding on each side take 4 columns.
    let maxContent = maxWidth - 4
    guard maxContent > 0 else { return [] }
    let labels = buttons.enumerated().map { index, button in
      index == selection ? "[ \(button.title) ]" : "  \(button.title)  "
    }
    let rowWidth = labels.map(\.displayWidth).reduce(0, +) + max(labels.count - 1, 0) * 2
    let natural =
      [
        title.isEmpty ? 0 : title.displayWidth + 3,
        min(message.displayWidth, preferredWidth),
        details.map(\.width).max() ?? 0,
        layout == .row ? rowWidth : (labels.map(\.displayWidth).max() ?? 0),
        12,
      ].max() ?? 0
    let content = min(natural, maxContent)

    var text: [StyledLine] = []
    if !message.isEmpty {
      text += WordWrap.styledLines(of: message, width: content, style: theme.text)
    }
    text += details
    let buttonRows =
      buttons.isEmpty
      ? [] : buttonLines(labels: labels, rowWidth: rowWidth, width: content, theme: theme)
    if let maxHeight {
      // Two border lines, then the buttons with a blank line above them when there is text.
      let room = maxHeight - 2 - buttonRows.count - (buttonRows.isEmpty ? 0 : 1)
      guard room >= 0 || maxHeight - 2 >= buttonRows.count else {
        return compactLine(labels: labels, width: maxWidth, theme: theme)
      }
      if text.count > max(room, 0) {
        text = Array(text.prefix(max(room, 0)))
        if let last = text.last {
          text[text.count - 1] =
            last.prefix(columns: content - 1, padsSplitCharacter: false) + StyledLine("…")
        }
      }
    }
    var body = text
    if !buttonRows.isEmpty {
      if !body.isEmpty { body.append(.empty) }
      body += buttonRows
    }

    let border = theme.border
    var lines: [StyledLine] = [topBorder(width: content, theme: theme)]
    for line in body {
      lines.append(
        StyledLine("│ ", style: border) + line.fitted(to: content) + StyledLine(" │", style: border)
      )
    }
    lines.append(StyledLine("╰" + String(repeating: "─", count: content + 2) + "╯", style: border))
    return lines
  }

  /// The box in one line, for a window too low for its border and buttons: its title (or
  /// message) and the selected button, so that the person still sees what the keys answer.
  private func compactLine(labels: [String], width: Int, theme: Theme) -> [StyledLine] {
    guard width > 0 else { return [] }
    let text = StyledLine(title.isEmpty ? message : title, style: theme.title)
    guard let selection, labels.indices.contains(selection) else {
      return [text.truncated(to: width)]
    }
    // The button keeps its room: the title is cut first.
    let button = StyledLine(labels[selection], style: theme.selection).truncated(to: width)
    let room = width - button.width - 1
    guard room > 0 else { return [button] }
    return [text.truncated(to: room) + StyledLine(" ") + button]
  }

  private func topBorder(width: Int, theme: Theme) -> StyledLine {
    let border = theme.border
    guard !title.isEmpty else {
      return StyledLine("╭" + String(repeating: "─", count: width + 2) + "╮", style: border)
    }
    let shownTitle = StyledLine(title, style: theme.title).truncated(to: width - 1)
    let rest = width + 2 - 3 - shownTitle.width
    return StyledLine("╭─ ", style: border) + shownTitle
      + StyledLine(" " + String(repeating: "─", count: max(rest, 0)) + "╮", style: border)
  }

  private func buttonLines(
    labels: [String], rowWidth: Int, width: Int, theme: Theme
  ) -> [StyledLine] {
    func styled(_ index: Int) -> StyledLine {
      let base = buttons[index].role == .destructive ? theme.error : theme.text
      return StyledLine(
        labels[index], style: index == selection ? base.applying(theme.selection) : base)
    }
    if layout == .row && rowWidth <= width {
      var row = StyledLine(String(repeating: " ", count: (width - rowWidth) / 2))
      for index in labels.indices {
        if index > 0 { row.append("  ") }
        row += styled(index)
      }
      return [row]
    }
    return labels.indices.map(styled)
  }
}

/// The palette of a terminal app: one ``TextStyle`` per semantic role.
///
/// Views never pick colours themselves; they ask the theme for a role (`theme.title`,
/// `theme.selection`…), so switching to ``light`` or to ``monochrome`` (for `NO_COLOR` or a
/// "no colour" setting) changes every screen at once.
public struct Theme: Hashable, Sendable {
  /// The theme's name, for a settings screen.
  public var name: String
  /// Ordinary text.
  public var text: TextStyle
  /// Titles and headings.
  public var title: TextStyle
  /// Secondary text: captions, counts, timestamps.
  public var secondary: TextStyle
  /// Highlighted values: names, matches, links.
  public var accent: TextStyle
  /// The selected row of a list or the selected button of a dialog.
  public var selection: TextStyle
  /// Error messages.
  public var error: TextStyle
  /// Warnings.
  public var warning: TextStyle
  /// Success messages.
  public var success: TextStyle
  /// The status and help line at the bottom of the screen.
  public var statusBar: TextStyle
  /// The keys in the status line (`j/k` in `j/k move`).
  public var statusKey: TextStyle
  /// Box and separator lines.
  public var border: TextStyle
  /// The placeholder of an empty text field.
  public var placeholder: TextStyle
  /// The cell under a text field's cursor.
  public var cursor: TextStyle
  /// A tab that is not selected.
  public var tab: TextStyle
  /// The selected tab.
  public var selectedTab: TextStyle

  /// A theme with every role given.
  public init(
    name: String,
    text: TextStyle = .plain,
    title: TextStyle,
    secondary: TextStyle,
    accent: TextStyle,
    selection: TextStyle,
    error: TextStyle,
    warning: TextStyle,
    success: TextStyle,
    statusBar: TextStyle,
    statusKey: TextStyle,
    border: TextStyle,
    placeholder: TextStyle,
    cursor: TextStyle,
    tab: TextStyle,
    selectedTab: TextStyle
  ) {
    self.name = name
    self.text = text
    self.title = title
    self.secondary = secondary
    self.accent = accent
    self.selection = selection
    self.error = error
    self.warning = warning
    self.success = success
    self.statusBar = statusBar
    self.statusKey = statusKey
    self.border = border
    self.placeholder = placeholder
    self.cursor = cursor
    self.tab = tab
    self.selectedTab = selectedTab
  }

  /// Every role's style, in declaration order (for checks such as "no colour anywhere").
  public var roles: [TextStyle] {
    [
      text, title, secondary, accent, selection, error, warning, success, statusBar, statusKey,
      border, placeholder, cursor, tab, selectedTab,
    ]
  }

  /// The default theme, for dark terminal backgrounds.
  public static let dark = Theme(
    name: "dark",
    title: TextStyle(foreground: .cyan, bold: true),
    secondary: TextStyle(foreground: .brightBlack),
    accent: TextStyle(foreground: .brightMagenta),
    selection: TextStyle(foreground: .brightWhite, background: .blue, bold: true),
    error: TextStyle(foreground: .brightRed, bold: true),
    warning: TextStyle(foreground: .yellow),
    success: TextStyle(foreground: .green),
    statusBar: TextStyle(foreground: .white, background: .brightBlack),
    statusKey: TextStyle(foreground: .brightYellow, background: .brightBlack, bold: true),
    border: TextStyle(foreground: .brightBlack),
    placeholder: TextStyle(dim: true),
    cursor: TextStyle(inverse: true),
    tab: TextStyle(foreground: .brightBlack),
    selectedTab: TextStyle(foreground: .cyan, bold: true, underline: true)
  )

  /// A theme for light terminal backgrounds.
  public static let light = Theme(
    name: "light",
    title: TextStyle(foreground: .blue, bold: true),
    secondary: TextStyle(foreground: .brightBlack),
    accent: TextStyle(foreground: .magenta),
    selection: TextStyle(foreground: .black, background: .cyan, bold: true),
    error: TextStyle(foreground: .red, bold: true),
    warning: TextStyle(foreground: .magenta),
    success: TextStyle(foreground: .green),
    statusBar: TextStyle(foreground: .black, background: .white),
    statusKey: TextStyle(foreground: .blue, background: .white, bold: true),
    border: TextStyle(foreground: .brightBlack),
    placeholder: TextStyle(dim: true),
    cursor: TextStyle(inverse: true),
    tab: TextStyle(foreground: .brightBlack),
    selectedTab: TextStyle(foreground: .blue, bold: true, underline: true)
  )

  /// A theme without any colour: attributes only (inverse selection, bold titles, dim
  /// secondary text), for `NO_COLOR` and monochrome terminals.
  public static let monochrome = Theme(
    name: "monochrome",
    title: TextStyle(bold: true),
    secondary: TextStyle(dim: true),
    accent: TextStyle(bold: true),
    selection: TextStyle(inverse: true),
    error: TextStyle(bold: true),
    warning: TextStyle(bold: true),
    success: .plain,
    statusBar: TextStyle(inverse: true),
    statusKey: TextStyle(bold: true, inverse: true),
    border: .plain,
    placeholder: TextStyle(dim: true),
    cursor: TextStyle(inverse: true),
    tab: .plain,
    selectedTab: TextStyle(bold: true, underline: true)
  )

  /// The default theme: ``dark``.
  public static let `default` = dark

  /// The built-in themes, in the order a settings screen lists them.
  public static let all: [Theme] = [.dark, .light, .monochrome]

  /// The built-in theme called `name`, if there is one.
  public static func named(_ name: String) -> Theme? {
    all.first { $0.name == name }
  }

  /// The theme to use given the process environment: ``monochrome`` when `NO_COLOR` is set to
  /// a non-empty value (see no-color.org), `preferred` otherwise.
  ///
  /// Takes the environment as a value so it stays pure; the app passes
  /// `ProcessInfo.processInfo.environment`.
  public static func resolved(
    preferred: Theme = .default, environment: [String: String]
  ) -> Theme {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    return preferred
  }
}

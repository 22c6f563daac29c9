/// Features in tabs, with a stack of screens pushed over the selected one: the layout of an app
/// made of several features.
///
/// It draws the ``TabBar``, the screen on top (the stack's last, else the selected tab's) and a
/// ``StatusLine``. Keys go to `tab`/`shift-tab` first (they switch tabs whatever the screen, a
/// text field too), then to the screen on top, then to the tab numbers, `esc`/`backspace` (back,
/// while the stack has a screen) and the ``shortcuts``, which apply when the screen does not
/// take the key. While the screen on top shows a box (``EmbeddedScreen/isModal``), its keys are
/// the only ones. The help box and quitting are the host's; ``chrome`` lists the keys for both.
public struct TabbedScreen<Action>: TerminalView {
  /// The tabs' screens, left to right.
  public var tabs: [EmbeddedScreen<Action>]
  /// The index of the selected tab.
  public var selection: Int
  /// The screens pushed over the selected tab, bottom first: the last is on top.
  public var stack: [EmbeddedScreen<Action>]
  /// Makes the action that selects the tab at an index.
  public var select: (Int) -> Action
  /// The action that pops the top of the ``stack``.
  public var back: Action
  /// The app's own keys, after the screen's: `/` for search.
  public var shortcuts: [KeyBinding<Action>]
  /// The text on the status line's right (a notice), or empty.
  public var status: String
  /// Keys a host wrapping this one handles (the history panel's), listed last.
  public var hostHints: [KeyHint]

  /// The tabs `tabs` with the one at `selection` selected and `stack` over it.
  public init(
    tabs: [EmbeddedScreen<Action>], selection: Int, stack: [EmbeddedScreen<Action>] = [],
    select: @escaping (Int) -> Action, back: Action, shortcuts: [KeyBinding<Action>] = [],
    status: String = "", hostHints: [KeyHint] = []
  ) {
    self.tabs = tabs
    self.selection = selection
    self.stack = stack
    self.select = select
    self.back = back
    self.shortcuts = shortcuts
    self.status = status
    self.hostHints = hostHints
  }

  /// The screen on top: the stack's last, else the selected tab's (`nil` when there are none).
  public var top: EmbeddedScreen<Action>? {
    stack.last ?? (tabs.indices.contains(selection) ? tabs[selection] : nil)
  }

  /// Whether any tab or pushed screen is waiting on a request (a spinner animates meanwhile).
  public var isBusy: Bool {
    tabs.contains(where: \.isBusy) || stack.contains(where: \.isBusy)
  }

  /// The tab bar, the screen on top, and the status line.
  public func render(in context: RenderContext) -> [StyledLine] {
    let status = chrome.statusLine(status: status)
    var body = context
    body.height = max(context.height - 2, 0)
    return Screen(
      width: context.width,
      height: context.height,
      header: [tabBar.line(width: context.width, theme: context.theme)],
      footer: [status.line(width: context.width, theme: context.theme)]
    ) { _ in top?.render(in: body) ?? [] }.lines
  }

  /// `tab`/`shift-tab`, the top screen's keys, the tab numbers, back and the shortcuts. The top
  /// screen's keys are given the height left to it by the tab bar and the status line.
  public var keyBindings: [KeyBinding<Action>] {
    let topBindings = (top?.keyBindings ?? []).map { $0.inArea { $0 - 2 } }
    if let top, top.isModal { return topBindings }
    let back = KeyBinding([.escape, .backspace], label: "back", keysLabel: "esc", action: back)
    return tabBar.cycleBindings(select: select) + topBindings
      + tabBar.numberBindings(select: select) + (stack.isEmpty ? [] : [back]) + shortcuts
  }

  /// The status line's and the help box's keys: the top screen's, then the tabs', then the
  /// host's. Keys the top screen takes first (a text field's digits and `/`) are not listed as
  /// the tabs' or the shortcuts'.
  public var chrome: Chrome {
    if let top, top.isModal {
      // The box's keys alone: switching tabs or going back waits until it is closed.
      return Chrome(of: top, outerHints: hostHints)
    }
    let takes = { (key: Key) in top?.action(for: key) != nil }
    let shortcuts = shortcuts.filter { !$0.keys.allSatisfy(takes) }
    return Chrome(
      // `tab`/`shift-tab` switch tabs before the screen sees them: its hints do not offer them.
      screenHints: (top?.keyBindings ?? []).map { $0.removingKeys([.tab, .backTab]) }.hints(),
      statusHints: (stack.isEmpty ? [] : [KeyHint(keys: "esc", label: "back")])
        + [KeyHint(keys: "tab", label: "next tab")],
      helpHints: tabBar.helpHints(listingNumbers: !takes(.character("1"))) + shortcuts.hints()
        + (stack.isEmpty ? [] : [KeyHint(keys: "esc/backspace", label: "back")]),
      outerHints: hostHints,
      screenTakesQuitKey: top?.takesQuitKey ?? false,
      screenTakesHelpKey: top?.action(for: .character("?")) != nil)
  }

  private var tabBar: TabBar {
    TabBar(titles: tabs.map(\.title), selection: selection)
  }
}

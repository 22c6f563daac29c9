import InlineSnapshotTesting
import TerminalUI
import Testing

/// A screen of one line; a field takes every character, as a text field does.
private struct Page: FeatureScreen {
  enum Action: Equatable {
    case typed(Character)
    case opened
    case nextField
  }

  static var title: String { "Page" }
  var state: (name: String, isField: Bool)

  init(state: (name: String, isField: Bool)) {
    self.state = state
  }

  var isBusy: Bool { false }

  func render(in context: RenderContext) -> [StyledLine] {
    [StyledLine(state.name)]
  }

  var keyBindings: [KeyBinding<Action>] {
    [KeyBinding(.enter, label: "open", action: .opened)]
      + (state.isField
        ? [
          KeyBinding([.tab, .down], label: "next field", keysLabel: "tab/↓", action: .nextField),
          KeyBinding<Action>.characters { .typed($0) },
        ] : [])
  }
}

/// A screen with a box over it: `enter` chooses, `esc` dismisses.
private struct BoxPage: FeatureScreen {
  static var title: String { "Box" }
  init(state: Void = ()) {}
  var isBusy: Bool { false }
  var isModal: Bool { true }

  func render(in context: RenderContext) -> [StyledLine] {
    [StyledLine("box")]
  }

  var keyBindings: [KeyBinding<Page.Action>] {
    [KeyBinding(.enter, label: "choose", action: .opened)]
  }
}

private enum AppAction: Equatable {
  case tab(Int)
  case back, search
  case page(Int, Page.Action)
}

@Suite struct TabbedScreenTests {
  private func tabs(field: Int? = nil) -> [EmbeddedScreen<AppAction>] {
    (0..<3).map { index in
      EmbeddedScreen(Page(state: ("tab \(index)", index == field))) { .page(index, $0) }
    }
  }

  private func layout(
    selection: Int = 0, field: Int? = nil, pushed: Bool = false
  ) -> TabbedScreen<AppAction> {
    TabbedScreen(
      tabs: tabs(field: field), selection: selection,
      stack: pushed ? [EmbeddedScreen(Page(state: ("pushed", false))) { .page(9, $0) }] : [],
      select: { .tab($0) }, back: .back,
      shortcuts: [KeyBinding(.character("/"), label: "search", action: .search)],
      status: "saved", hostHints: [KeyHint(keys: "ctrl-t", label: "history")])
  }

  @Test func drawsTheTabsTheScreenOnTopAndTheStatusLine() {
    assertInlineSnapshot(
      of: layout(selection: 1).screen(in: RenderContext(width: 60, height: 4)).framedText,
      as: .lines
    ) {
      """
      | Page  [Page]  Page                                         |
      |tab 1                                                       |
      |                                                            |
      | enter open · tab next tab · ? help · q quit          saved |
      """
    }
    let pushed = layout(selection: 1, pushed: true).render(in: RenderContext(width: 60, height: 4))
    #expect(pushed[1].plainText.hasPrefix("pushed"))
    // Short of room, the tab key gives way; help and quitting stay.
    #expect(pushed[3].plainText.hasPrefix(" enter open · esc back · ? help · q quit"))
  }

  @Test func theScreensHintsDoNotOfferTheTabKeysTheTabsTake() {
    let field = layout(selection: 2, field: 2)
    #expect(field.action(for: .tab) == .tab(0))
    #expect(field.action(for: .down) == .page(2, .nextField))
    #expect(field.chrome.screenHints.contains(KeyHint(keys: "↓", label: "next field")))
    #expect(!field.chrome.status.contains { $0.keys.contains("tab/") })
  }

  @Test func tabSwitchesWhateverTheScreenAndTheScreensKeysComeBeforeTheApps() {
    let field = layout(selection: 2, field: 2)
    #expect(field.action(for: .tab) == .tab(0))
    #expect(field.action(for: .backTab) == .tab(1))
    #expect(field.action(for: .character("1")) == .page(2, .typed("1")))
    #expect(field.action(for: .character("/")) == .page(2, .typed("/")))
    #expect(field.action(for: .escape) == nil)

    let list = layout(selection: 2)
    #expect(list.action(for: .character("1")) == .tab(0))
    #expect(list.action(for: .character("/")) == .search)
    #expect(list.action(for: .enter) == .page(2, .opened))
  }

  @Test func whileABoxIsShownItsKeysAreTheOnlyOnes() {
    var screen = layout(selection: 1, pushed: true)
    screen.stack = [EmbeddedScreen(BoxPage()) { .page(9, $0) }]
    #expect(screen.action(for: .enter) == .page(9, .opened))
    #expect(screen.action(for: .tab) == nil)
    #expect(screen.action(for: .character("2")) == nil)
    #expect(screen.action(for: .character("/")) == nil)
    #expect(screen.action(for: .escape) == nil)
    let chrome = screen.chrome
    #expect(chrome.status.contains(KeyHint(keys: "enter", label: "choose")))
    #expect(!chrome.status.contains(KeyHint(keys: "tab", label: "next tab")))
    #expect(!chrome.help.contains(KeyHint(keys: "/", label: "search")))
    #expect(chrome.help.contains(KeyHint(keys: "ctrl-t", label: "history")))
  }

  @Test func backAppliesOnlyWhileAScreenIsPushed() {
    #expect(layout().action(for: .escape) == nil)
    #expect(layout(pushed: true).action(for: .escape) == .back)
    #expect(layout(pushed: true).action(for: .backspace) == .back)
    #expect(layout(pushed: true).action(for: .enter) == .page(9, .opened))
  }

  @Test func theHelpListsTheScreensKeysThenTheTabsThenTheHosts() {
    let help = layout().chrome.help
    #expect(help.first == KeyHint(keys: "enter", label: "open"))
    #expect(help.contains(KeyHint(keys: "1-3", label: "Page, Page, Page")))
    #expect(help.contains(KeyHint(keys: "/", label: "search")))
    #expect(help.last == KeyHint(keys: "ctrl-t", label: "history"))
    #expect(layout(field: 0).chrome.status.contains(KeyHint(keys: "ctrl-c", label: "quit")))
  }

  @Test func theHelpOfAScreenThatTypesDigitsAndSlashListsNeitherTheTabNumbersNorTheShortcut() {
    let help = layout(field: 0).chrome.help
    #expect(help.contains(KeyHint(keys: "tab/shift-tab", label: "next/previous tab")))
    #expect(!help.contains(KeyHint(keys: "1-3", label: "Page, Page, Page")))
    #expect(!help.contains(KeyHint(keys: "/", label: "search")))
    #expect(help.last == KeyHint(keys: "ctrl-t", label: "history"))
  }

  @Test func theHelpOfAScreenWithAFieldListsTheFieldsEditingKeysAfterTheScreens() {
    let help = layout(field: 0).chrome.help
    let screens = layout(field: 0).chrome.screenHints
    #expect(Array(help.prefix(screens.count)) == screens)
    #expect(Array(help.dropFirst(screens.count).prefix(4)) == TextInput.editingHints)
    #expect(help.contains(KeyHint(keys: "ctrl-w", label: "delete a word")))
    // Without a field, no editing keys.
    #expect(!layout().chrome.help.contains { TextInput.editingHints.contains($0) })
  }

  @Test func noTabsDrawsTheBarsAroundNothing() {
    let empty = TabbedScreen<AppAction>(
      tabs: [], selection: 0, select: { .tab($0) }, back: .back)
    #expect(empty.render(in: RenderContext(width: 20, height: 3)).count == 3)
    #expect(empty.action(for: .tab) == nil)
  }
}

import ComposableArchitecture
import InlineSnapshotTesting
import TerminalUI
import Testing

@Suite struct ModalBoxTests {
  enum Action: Equatable { case confirmDeletion, cancel }

  @Test func alertStateRendersTitleWrappedMessageAndButtons() {
    let alert = AlertState<Action> {
      TextState("Delete post?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel, action: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone. The post and its 山田 花子 ☕️ comments go too.")
    }
    let box = ModalBox(alert, selection: 0)
    #expect(box.buttons.map(\.role) == [.destructive, .cancel])
    let lines = box.lines(maxWidth: 30, theme: .dark)
    #expect(Set(lines.map(\.width)) == [30])
    assertInlineSnapshot(of: framed(lines), as: .lines) {
      """
      |╭─ Delete post? ─────────────╮|
      |│ This cannot be undone. The │|
      |│ post and its 山田 花子 ☕️  │|
      |│ comments go too.           │|
      |│                            │|
      |│   [ Delete ]    Cancel     │|
      |╰────────────────────────────╯|
      """
    }
  }

  @Test func alertWithoutButtonsGetsOK() {
    let alert = AlertState<Action>(title: { TextState("Saved") })
    assertInlineSnapshot(of: framed(ModalBox(alert).lines(maxWidth: 40, theme: .dark)), as: .lines)
    {
      """
      |╭─ Saved ──────╮|
      |│    [ OK ]    │|
      |╰──────────────╯|
      """
    }
  }

  @Test func confirmationDialogListsButtonsOnePerLine() {
    let dialog = ConfirmationDialogState<Action>(titleVisibility: .visible) {
      TextState("Sign out?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Sign out") }
      ButtonState(role: .cancel, action: .cancel) { TextState("Cancel") }
    }
    let box = ModalBox(dialog, selection: 1)
    assertInlineSnapshot(of: framed(box.lines(maxWidth: 40, theme: .dark)), as: .lines) {
      """
      |╭─ Sign out? ──╮|
      |│   Sign out   │|
      |│ [ Cancel ]   │|
      |╰──────────────╯|
      """
    }
  }

  @Test func escapeAndQDismissTheBoxWhichNeverQuits() {
    enum BoxAction: Equatable {
      case selected(Int)
      case chose(Action?)
      case dismissed
    }
    let bindings = ModalBox.keyBindings(
      buttons: [ButtonState(role: .cancel, action: Action.cancel) { TextState("Cancel") }],
      layout: .row, selection: 0, select: BoxAction.selected, choose: BoxAction.chose,
      dismiss: .dismissed)
    #expect(bindings.action(for: .escape) == .dismissed)
    #expect(bindings.action(for: .character("q")) == .dismissed)
    #expect(bindings.action(for: .enter) == .chose(.cancel))
  }

  @Test func theHintSaysTheArrowsThatFollowTheButtons() {
    let buttons = [ButtonState(role: .cancel, action: Action.cancel) { TextState("Cancel") }]
    func hints(_ layout: ModalBox.ButtonLayout) -> [String] {
      ModalBox.keyBindings(
        buttons: buttons, layout: layout, selection: 0, select: { _ in () }, choose: { _ in () },
        dismiss: ()
      ).hints().map(\.keys)
    }
    #expect(hints(.row) == ["←/→", "enter", "esc"])
    #expect(hints(.column) == ["↑/↓", "enter", "esc"])
  }

  @Test func selectedButtonIsHighlighted() {
    let box = ModalBox(
      title: "Quit?", buttons: [.init("Yes"), .init("No", role: .cancel)], selection: 1)
    let buttonsLine = box.lines(maxWidth: 30, theme: .monochrome)[1]
    #expect(buttonsLine.plainText.contains("  Yes    [ No ]"))
    #expect(buttonsLine.spans.contains(StyledSpan("[ No ]", style: Theme.monochrome.selection)))
  }

  @Test func helpOverlayListsKeyHints() {
    let help = ModalBox.help(
      hints: [KeyHint(keys: "j/k", label: "move"), KeyHint(keys: "enter", label: "open")],
      theme: .dark)
    assertInlineSnapshot(of: framed(help.lines(maxWidth: 40, theme: .dark)), as: .lines) {
      """
      |╭─ Keys ───────╮|
      |│ j/k    move  │|
      |│ enter  open  │|
      |│              │|
      |│    Close     │|
      |╰──────────────╯|
      """
    }
  }

  @Test func tooNarrowGivesNothing() {
    #expect(ModalBox(title: "x").lines(maxWidth: 4, theme: .dark).isEmpty)
  }
}

@Suite struct ModalBoxHeightTests {
  let box = ModalBox(
    title: "Error",
    message: "The server did not answer. Check that it runs, then try again in a moment.",
    buttons: [.init("Retry"), .init("Cancel", role: .cancel)],
    selection: 0)

  @Test func tooTallTextIsCutSoTheButtonsStay() {
    let full = box.lines(maxWidth: 24, theme: .dark)
    #expect(full.count == 9)
    assertInlineSnapshot(
      of: framed(box.lines(maxWidth: 24, maxHeight: 7, theme: .dark)), as: .lines
    ) {
      """
      |╭─ Error ──────────────╮|
      |│ The server did not   │|
      |│ answer. Check that…  │|
      |│                      │|
      |│ [ Retry ]            │|
      |│   Cancel             │|
      |╰──────────────────────╯|
      """
    }
  }

  @Test func boxThatFitsIsUnchanged() {
    #expect(
      box.lines(maxWidth: 24, maxHeight: 9, theme: .dark) == box.lines(maxWidth: 24, theme: .dark))
  }

  @Test func noRoomForTheButtonsGivesOneLineWithTheSelectedButton() {
    // At 24 columns the two buttons do not fit side by side: they take two lines.
    #expect(
      box.lines(maxWidth: 24, maxHeight: 3, theme: .dark).map(\.plainText) == ["Error [ Retry ]"])
    #expect(box.lines(maxWidth: 24, maxHeight: 4, theme: .dark).count == 4)
    var cancelling = box
    cancelling.selection = 1
    #expect(
      cancelling.lines(maxWidth: 12, maxHeight: 1, theme: .dark).map(\.plainText)
        == ["… [ Cancel ]"])
  }

  @Test func screenOverlayKeepsTheBoxWithinTheScreen() {
    let screen = Screen(width: 28, height: 5).overlaying(box, theme: .dark)
    #expect(screen.lines.count == 5)
    #expect(screen.plainText.contains("╭─ Error"))
    #expect(screen.plainText.contains("[ Retry ]"))
    #expect(screen.plainText.contains("╰"))
  }
}

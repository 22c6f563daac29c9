import InlineSnapshotTesting
import TerminalUI
import Testing

@Suite struct TextFieldTests {
  @Test func emptyFieldShowsThePlaceholderWithTheCursorOnItsFirstCell() {
    let field = TextField(text: "", placeholder: "Search users", prompt: "/ ")
    let line = field.line(width: 16, theme: .dark)
    #expect(line.plainText == "/ Search users  ")
    #expect(
      line.normalized.spans == [
        StyledSpan("/ "), StyledSpan("S", style: Theme.dark.cursor),
        StyledSpan("earch users", style: Theme.dark.placeholder), StyledSpan("  "),
      ])
  }

  @Test func cursorAtTheEndIsACellAfterTheText() {
    let line = TextField(text: "ada").line(width: 6, theme: .monochrome)
    #expect(line.plainText == "ada   ")
    #expect(line.ansiText == "ada\u{1B}[7m \u{1B}[0m  ")
  }

  @Test func cursorInsideTheTextIsOnItsCharacter() {
    let line = TextField(text: "山田花子", cursor: 1).line(width: 10, theme: .monochrome)
    #expect(line.ansiText == "山\u{1B}[7m田\u{1B}[0m花子  ")
  }

  @Test func longTextScrollsToKeepTheCursorVisible() {
    let field = TextField(text: "Zoë Ångström ☕️", prompt: "> ")
    assertInlineSnapshot(
      of: framed([
        field.line(width: 10, theme: .dark),
        TextField(text: field.text, cursor: 0, prompt: "> ").line(width: 10, theme: .dark),
        TextField(text: "山田花子さん", prompt: "> ").line(width: 9, theme: .dark),
      ]),
      as: .lines
    ) {
      """
      |> tröm ☕️ |
      |> Zoë Ångs|
      |> 子さん |
      """
    }
  }

  @Test func unfocusedFieldHasNoCursor() {
    let line = TextField(text: "ada", isFocused: false).line(width: 5, theme: .monochrome)
    #expect(line.ansiText == "ada  ")
  }

  @Test func anUnfocusedFieldTooNarrowShowsItsStartAndSaysItIsCut() {
    let bio = "Writes about open source and Swift concurrency."
    let line = TextField(text: bio, prompt: StyledLine("Bio "), isFocused: false)
      .line(width: 20, theme: .monochrome)
    #expect(line.plainText == "Bio Writes about op…")
    #expect(line.width == 20)
    // Focused, it scrolls to keep the cursor (at the end) in view, as before.
    let focused = TextField(text: bio, prompt: StyledLine("Bio ")).line(
      width: 20, theme: .monochrome)
    #expect(focused.plainText.hasSuffix("rrency. "))
  }
}

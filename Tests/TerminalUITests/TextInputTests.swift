import TerminalUI
import Testing

@Suite struct TextInputTests {
  @Test func typingInsertsAtTheCursor() {
    var input = TextInput(text: "Zo")
    let handled = input.handle(.character("ë"))
    #expect(handled)
    #expect(input.text == "Zoë")
    input.handle(.home)
    input.handle(.character("¡"))
    #expect(input.text == "¡Zoë")
    #expect(input.cursor == 1)
  }

  @Test func combiningMarksAndJoinersMergeIntoThePreviousCharacter() {
    var input = TextInput()
    for scalar in "e\u{301}👩\u{200D}💻".unicodeScalars {
      input.handle(.character(Character(scalar)))
    }
    #expect(input.text == "é👩‍💻")
    #expect(input.cursor == 2)
    input.handle(.backspace)
    #expect(input.text == "é")
  }

  @Test func deletingAndMoving() {
    var input = TextInput(text: "山田花子", cursor: 2)
    input.handle(.backspace)
    #expect(input.text == "山花子")
    #expect(input.cursor == 1)
    input.handle(.delete)
    #expect(input.text == "山子")
    input.handle(.right)
    input.handle(.right)
    #expect(input.cursor == 2)
    input.handle(.delete)
    #expect(input.text == "山子")
    input.handle(.left)
    input.handle(.ctrl("k"))
    #expect(input.text == "山")
    input.handle(.ctrl("u"))
    #expect(input.text == "")
    input.handle(.backspace)
    #expect(input == TextInput())
  }

  @Test func ctrlWDeletesTheWordBeforeTheCursor() {
    var input = TextInput(text: "alice  kumar ", cursor: 13)
    input.handle(.ctrl("w"))
    #expect(input == TextInput(text: "alice  ", cursor: 7))
    input.handle(.ctrl("w"))
    #expect(input == TextInput(text: "", cursor: 0))
    input.handle(.ctrl("w"))
    #expect(input == TextInput(text: "", cursor: 0))
    var middle = TextInput(text: "東京 tower", cursor: 2)
    middle.handle(.ctrl("w"))
    #expect(middle == TextInput(text: " tower", cursor: 0))
  }

  @Test func otherKeysAreLeftToTheCaller() {
    var input = TextInput(text: "ada")
    let handled = [Key.enter, .up, .escape, .tab, .unknown].map { input.handle($0) }
    #expect(handled == [false, false, false, false, false])
    #expect(input == TextInput(text: "ada"))
  }

  @Test func cursorIsClampedAndDrivesTheField() {
    #expect(TextInput(text: "ab", cursor: 9).cursor == 2)
    #expect(TextInput(text: "ab", cursor: -1).cursor == 0)
    let field = TextInput(text: "ada", cursor: 1).field(prompt: "> ")
    #expect(field.line(width: 8, theme: .monochrome).ansiText == "> a\u{1B}[7md\u{1B}[0ma   ")
  }
}

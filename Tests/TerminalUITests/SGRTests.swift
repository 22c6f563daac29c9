import TerminalUI
import Testing

@Suite struct SGRTests {
  @Test func plainTextHasNoEscapeSequence() {
    #expect(StyledLine("plain").ansiText == "plain")
  }

  @Test func attributesThenForegroundThenBackground() {
    let style = TextStyle(
      foreground: .red, background: .brightBlue, bold: true, dim: true, italic: true,
      underline: true, inverse: true)
    #expect(StyledLine("x", style: style).ansiText == "\u{1B}[1;2;3;4;7;31;104mx\u{1B}[0m")
  }

  @Test func namedIndexedAndRGBColours() {
    #expect(SGR.parameters(for: TextStyle(foreground: .black)) == ["30"])
    #expect(SGR.parameters(for: TextStyle(foreground: .white)) == ["37"])
    #expect(SGR.parameters(for: TextStyle(foreground: .brightBlack)) == ["90"])
    #expect(SGR.parameters(for: TextStyle(background: .green)) == ["42"])
    #expect(SGR.parameters(for: TextStyle(background: .brightWhite)) == ["107"])
    #expect(SGR.parameters(for: TextStyle(foreground: .indexed(208))) == ["38;5;208"])
    #expect(
      SGR.parameters(for: TextStyle(background: .rgb(red: 1, green: 2, blue: 3)))
        == ["48;2;1;2;3"])
  }

  @Test func eachStyledRunIsResetAndRunsOfOneStyleAreMerged() {
    let bold = TextStyle(bold: true)
    let line =
      StyledLine("a", style: bold) + StyledLine("b", style: bold) + "c"
      + StyledLine("d", style: TextStyle(foreground: .cyan))
    #expect(line.ansiText == "\u{1B}[1mab\u{1B}[0mc\u{1B}[36md\u{1B}[0m")
  }

  @Test func controlCharactersInDataCannotReachTheTerminal() {
    let line = StyledLine("evil\u{1B}[2J\u{07}")
    #expect(!line.ansiText.contains("\u{1B}"))
    #expect(line.ansiText == "evil\u{FFFD}[2J\u{FFFD}")
  }

  @Test func cursorAndEraseSequences() {
    #expect(SGR.moveCursor(row: 3, column: 7) == "\u{1B}[3;7H")
    #expect(SGR.eraseLine == "\u{1B}[2K")
  }
}

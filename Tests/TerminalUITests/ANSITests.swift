import TerminalUI
import Testing

@Suite struct ANSITests {
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
    #expect(ANSI.sgrParameters(for: TextStyle(foreground: .black)) == ["30"])
    #expect(ANSI.sgrParameters(for: TextStyle(foreground: .white)) == ["37"])
    #expect(ANSI.sgrParameters(for: TextStyle(foreground: .brightBlack)) == ["90"])
    #expect(ANSI.sgrParameters(for: TextStyle(background: .green)) == ["42"])
    #expect(ANSI.sgrParameters(for: TextStyle(background: .brightWhite)) == ["107"])
    #expect(ANSI.sgrParameters(for: TextStyle(foreground: .indexed(208))) == ["38;5;208"])
    #expect(
      ANSI.sgrParameters(for: TextStyle(background: .rgb(red: 1, green: 2, blue: 3)))
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
    #expect(ANSI.moveCursor(row: 3, column: 7) == "\u{1B}[3;7H")
    #expect(ANSI.eraseLine == "\u{1B}[2K")
    #expect(ANSI.enterAlternateScreen + ANSI.hideCursor == "\u{1B}[?1049h\u{1B}[?25l")
    #expect(ANSI.showCursor + ANSI.leaveAlternateScreen == "\u{1B}[?25h\u{1B}[?1049l")
  }
}

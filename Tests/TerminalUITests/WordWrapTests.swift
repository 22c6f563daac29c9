import TerminalUI
import Testing

@Suite struct WordWrapTests {
  @Test func wrapsBetweenWords() {
    #expect(
      WordWrap.lines(of: "The quick brown fox jumps over the lazy dog", width: 10)
        == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
  }

  @Test func keepsParagraphsAndEmptyLines() {
    #expect(WordWrap.lines(of: "one two\n\nthree", width: 20) == ["one two", "", "three"])
    #expect(WordWrap.lines(of: "", width: 5) == [""])
  }

  @Test func breaksWordsWiderThanTheLine() {
    #expect(WordWrap.lines(of: "abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
  }

  @Test func measuresDisplayWidth() {
    #expect(WordWrap.lines(of: "山田 花子 さん", width: 5) == ["山田", "花子", "さん"])
    #expect(WordWrap.lines(of: "山田花子", width: 5) == ["山田", "花子"])
    #expect(WordWrap.lines(of: "Zoë ☕️ 🦉 👩‍💻", width: 6) == ["Zoë ☕️", "🦉 👩‍💻"])
    for line in WordWrap.lines(of: "山田 花子 ☕️ Zoë Ångström 👩‍💻 owls", width: 7) {
      #expect(line.displayWidth <= 7)
    }
  }

  @Test func alwaysMakesProgress() {
    #expect(WordWrap.lines(of: "山田", width: 1) == ["山", "田"])
    #expect(WordWrap.lines(of: "abc", width: 0) == [])
  }
}

import Testing

@testable import TerminalUI

@Suite struct StyledLineTests {
  @Test func truncationEndsInAnEllipsisWithinTheWidth() {
    #expect("Alice Liddell".truncated(to: 8) == "Alice L…")
    #expect("Alice".truncated(to: 5) == "Alice")
    #expect("Alice".truncated(to: 1) == "…")
    #expect("Alice".truncated(to: 0) == "")
  }

  @Test func aCutJustAfterAnEllipsisOfTheTextEndsInOne() {
    #expect("path.userLoaded(…))".truncated(to: 18) == "path.userLoaded(…")
    #expect("a……bc".truncated(to: 4) == "a…")
  }

  @Test func truncationNeverSplitsAWideCharacter() {
    // 山 (2) + … (1) = 3; 田 would need columns 3–4.
    #expect("山田花子".truncated(to: 4) == "山…")
    #expect("山田花子".truncated(to: 4).displayWidth == 3)
    #expect("山田花子".fitted(to: 4) == "山… ")
    #expect("山田花子".truncated(to: 5) == "山田…")
  }

  @Test func truncationKeepsCombiningMarksAndEmojiWhole() {
    let zoe = "Zoe\u{308} ☕️ 👩‍💻 owl"
    #expect(zoe.truncated(to: 6) == "Zoe\u{308} …")
    #expect(zoe.truncated(to: 7) == "Zoe\u{308} ☕️…")
    #expect(zoe.truncated(to: 9) == "Zoe\u{308} ☕️ …")
    #expect(zoe.truncated(to: 10) == "Zoe\u{308} ☕️ 👩‍💻…")
    #expect(zoe.truncated(to: 11) == "Zoe\u{308} ☕️ 👩‍💻 …")
  }

  @Test func aTrailingPartSitsAtTheRightEndWhileTheRestKeepsItsMinimum() {
    let count = StyledLine("3 posts")
    #expect(
      StyledLine("Alice").withTrailing(count, width: 20, keeping: 4).plainText
        == "Alice        3 posts")
    #expect(
      StyledLine("Alice Liddell").withTrailing(count, width: 16, keeping: 4).plainText
        == "Alice …  3 posts")
    // Fewer than `keeping` columns would be left: the count goes, the rest is cut to width.
    #expect(
      StyledLine("Alice Liddell").withTrailing(count, width: 12, keeping: 4).plainText
        == "Alice Lidde…")
    #expect(StyledLine("Alice").withTrailing(count, width: 0, keeping: 0).plainText == "")
  }

  @Test func fittingPadsToTheExactWidth() {
    #expect("🦉".fitted(to: 4) == "🦉  ")
    #expect("山田 花子".fitted(to: 12).displayWidth == 12)
    for width in 0...14 {
      #expect("山田 花子 ☕️ Zoë".fitted(to: width).displayWidth == width)
    }
  }

  @Test func fittingKeepsStylesAndPadsInTheGivenStyle() {
    let bold = TextStyle(bold: true)
    let line = StyledLine("ab", style: bold) + "cdef"
    #expect(
      line.fitted(to: 4).normalized.spans == [StyledSpan("ab", style: bold), StyledSpan("c…")]
    )
    #expect(
      StyledLine("ab", style: bold).padded(to: 4, style: bold).normalized.spans
        == [StyledSpan("ab  ", style: bold)]
    )
  }

  @Test func prefixAndDroppingReplaceHalvesOfWideCharactersBySpaces() {
    let line = StyledLine("a山b")
    #expect(line.prefix(columns: 2).plainText == "a ")
    #expect(line.prefix(columns: 2, padsSplitCharacter: false).plainText == "a")
    #expect(line.prefix(columns: 3).plainText == "a山")
    #expect(line.dropping(columns: 2).plainText == " b")
    #expect(line.dropping(columns: 3).plainText == "b")
    #expect(line.dropping(columns: 9).plainText == "")
  }

  @Test func normalizedMergesRunsOfOneStyle() {
    let line = StyledLine([StyledSpan("a"), StyledSpan(""), StyledSpan("b")])
    #expect(line.normalized.spans == [StyledSpan("ab")])
  }
}

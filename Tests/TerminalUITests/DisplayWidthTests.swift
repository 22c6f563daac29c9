import Testing

@testable import TerminalUI

@Suite struct DisplayWidthTests {
  @Test func asciiAndAccentedLettersTakeOneColumnEach() {
    #expect("Alice".displayWidth == 5)
    #expect("Zoë Ångström".displayWidth == 12)
  }

  @Test func combiningMarksTakeNoColumn() {
    // "e" + COMBINING ACUTE ACCENT is one character one column wide.
    #expect("e\u{301}".displayWidth == 1)
    #expect("Zoe\u{308} Ange\u{301}lique".displayWidth == "Zoë Angélique".displayWidth)
    // A combining mark with nothing to combine with is a cluster of its own: no column.
    #expect(Character("\u{301}").displayWidth == 0)
  }

  @Test func cjkAndFullwidthTakeTwoColumns() {
    #expect("山田 花子".displayWidth == 9)
    #expect("ひらがな".displayWidth == 8)
    #expect("한국어".displayWidth == 6)
    #expect("ＡＢＣ".displayWidth == 6)
    #expect("、。".displayWidth == 4)
    // Halfwidth katakana stays narrow.
    #expect("ｶﾀｶﾅ".displayWidth == 4)
  }

  @Test func emojiTakeTwoColumns() {
    #expect("🦉".displayWidth == 2)
    // U+2615 HOT BEVERAGE + VARIATION SELECTOR-16.
    #expect("☕️".displayWidth == 2)
    // A ZWJ sequence is one character: woman + ZWJ + laptop.
    #expect("👩‍💻".displayWidth == 2)
    #expect("👍🏽".displayWidth == 2)
    #expect("🇯🇵".displayWidth == 2)
    #expect("1️⃣".displayWidth == 2)
    // A text-presentation symbol without VS16 stays narrow.
    #expect("♥".displayWidth == 1)
    #expect("♥️".displayWidth == 2)
  }

  @Test func mixedDatasetText() {
    #expect("Zoë ☕️ 🦉".displayWidth == 9)
    #expect("山田 花子 👩‍💻".displayWidth == 12)
  }

  @Test func controlCharactersTakeOneColumnAsTheirReplacement() {
    #expect("\u{1B}".displayWidth == 1)
    #expect(StyledLine("a\u{1B}[2Jb").plainText == "a\u{FFFD}[2Jb")
    #expect(StyledLine("a\tb").plainText == "a b")
  }

  @Test func aLineBreakShownOnOneLineIsAReturnSymbolOfOneColumn() {
    for text in ["line1\nline2", "line1\r\nline2", "line1\rline2"] {
      #expect(StyledLine(text).plainText == "line1↵line2")
      #expect(text.displayWidth == StyledLine(text).plainText.displayWidth)
    }
  }

  @Test func wideRangesAreSortedAndDisjoint() {
    let ranges = DisplayWidth.wideRanges
    for (lower, upper) in zip(ranges, ranges.dropFirst()) {
      #expect(lower.upperBound < upper.lowerBound)
    }
  }
}

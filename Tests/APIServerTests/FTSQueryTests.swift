import Testing

@testable import APIServer

extension ServerSuite {
  @Suite("FTS query sanitising")
  struct FTSQueryTests {
    @Test func wordsAreQuotedAndTheLastIsAPrefix() {
      #expect(FTSQuery.make(from: "ali") == #""ali"*"#)
      #expect(FTSQuery.make(from: "hello wor") == #""hello" "wor"*"#)
      #expect(FTSQuery.make(from: "  café  東京 ") == #""café" "東京"*"#)
    }

    @Test func syntaxBecomesSeparators() {
      #expect(FTSQuery.make(from: "NEAR(a b)") == #""NEAR" "a" "b"*"#)
      #expect(FTSQuery.make(from: "a*b") == #""a" "b"*"#)
      #expect(FTSQuery.make(from: "handle:alice -bob") == #""handle" "alice" "bob"*"#)
      #expect(FTSQuery.make(from: #"say "hi""#) == #""say" "hi"*"#)
    }

    @Test func aQuoteInsideAWordIsEscaped() {
      // U+0D4E is a letter that joins the next character's grapheme cluster, even a quote.
      #expect(FTSQuery.make(from: "\u{0D4E}\"") == "\"\u{0D4E}\"\"\"*")
      #expect(FTSQuery.make(from: "x \u{111C2}\"") == "\"x\" \"\u{111C2}\"\"\"*")
    }

    @Test func nothingToSearchForIsNil() {
      #expect(FTSQuery.make(from: "") == nil)
      #expect(FTSQuery.make(from: "   ") == nil)
      #expect(FTSQuery.make(from: "\"*()-:") == nil)
      #expect(FTSQuery.make(from: "🎉✨") == nil)
    }

    @Test func longQueriesKeepTheFirstWords() {
      let query = (1...30).map { "w\($0)" }.joined(separator: " ")
      let made = FTSQuery.make(from: query) ?? ""
      #expect(made.hasPrefix(#""w1" "w2""#))
      #expect(made.hasSuffix(#""w16"*"#))
    }

    @Test func handleWordsAreASCII() {
      #expect(DatasetGenerator.handleWord("Zoë") == "zoe")
      #expect(DatasetGenerator.handleWord("O'Brien") == "obrien")
      #expect(DatasetGenerator.handleWord("Søren") == "soren")
      #expect(DatasetGenerator.handleWord("Wójcik") == "wojcik")
      #expect(DatasetGenerator.handleWord("Müller") == "muller")
      #expect(DatasetGenerator.handleWord("東京") == "user")
    }
  }
}

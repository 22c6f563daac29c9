import TerminalUI
import Testing

/// Bracketed pastes: text between `ESC [ 200 ~` and `ESC [ 201 ~`.
@Suite struct KeyDecoderPasteTests {
  private let start = "\u{1B}[200~"
  private let end = "\u{1B}[201~"

  /// Feeds `text` in chunks of `size` bytes, then flushes.
  private func decode(_ text: String, chunks size: Int = .max) -> [Key] {
    var decoder = KeyDecoder()
    let bytes = Array(text.utf8)
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let next = min(index + max(size, 1), bytes.count)
      keys += decoder.decode(bytes[index..<next])
      index = next
    }
    return keys + decoder.flush()
  }

  @Test func aPasteIsOneKeyWhoseTabsNewlinesAndLettersAreNotKeys() {
    #expect(
      decode("j\(start)Hi\tthere\nq\u{1B}[A\(end)k")
        == [.character("j"), .paste("Hi\tthere\nq\u{1B}[A"), .character("k")])
  }

  @Test(arguments: [1, 2, 3, 5, 7])
  func aPasteSplitAnywhereIsTheSame(chunk: Int) {
    #expect(
      decode("a\(start)zoë 🦉\(end)\u{1B}[B", chunks: chunk)
        == [.character("a"), .paste("zoë 🦉"), .down])
  }

  @Test func anEscapeInAPasteThatIsNotItsEndStaysText() {
    #expect(decode("\(start)\u{1B}[20x\u{1B}\(end)") == [.paste("\u{1B}[20x\u{1B}")])
  }

  @Test func aPasteIsNotEndedByIdleInput() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\(start)abc".utf8)).isEmpty)
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flush().isEmpty)
    #expect(decoder.decode(Array("def\(end)x".utf8)) == [.paste("abcdef"), .character("x")])
  }

  @Test func aLongPasteKeepsItsFirstBytes() {
    let text = String(repeating: "abcd", count: KeyDecoder.maximumPasteLength)
    let keys = decode("\(start)\(text)\(end)q", chunks: 1_000)
    #expect(keys.count == 2)
    guard case let .paste(kept) = keys.first else {
      Issue.record("no paste: \(keys.prefix(3))")
      return
    }
    #expect(kept.utf8.count == KeyDecoder.maximumPasteLength)
    #expect(text.hasPrefix(kept))
    #expect(keys.last == .character("q"))
  }

  @Test func invalidUTF8InAPasteIsReplaced() {
    var decoder = KeyDecoder()
    let keys = decoder.decode(Array(start.utf8) + [0x61, 0xFF, 0x62] + Array(end.utf8))
    #expect(keys == [.paste("a\u{FFFD}b")])
  }
}

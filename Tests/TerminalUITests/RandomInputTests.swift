import TerminalUI
import Testing

/// A small deterministic generator (SplitMix64), so random-input tests repeat exactly.
private struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

@Suite struct RandomInputTests {
  /// Bytes that make up keys, sequences and their broken forms more often than uniform bytes do.
  static let alphabet: [UInt8] =
    Array("[O;~1356ABCDHFZaé山🦉".utf8) + [0x1B, 0x1B, 0x0D, 0x7F, 0x03, 0x80, 0xBF, 0xC0, 0xFF]

  @Test func anyChunkingOfAnyBytesDecodesLikeTheWholeInput() {
    var generator = SeededGenerator(state: 42)
    for _ in 0..<300 {
      let count = Int.random(in: 0...40, using: &generator)
      let bytes = (0..<count).map { _ in Self.alphabet.randomElement(using: &generator)! }
      var whole = KeyDecoder()
      let expected = whole.decode(bytes) + whole.flush()

      var chunked = KeyDecoder()
      var keys: [Key] = []
      var rest = bytes[...]
      while !rest.isEmpty {
        let size = Int.random(in: 1...4, using: &generator)
        keys += chunked.decode(rest.prefix(size))
        rest = rest.dropFirst(size)
      }
      keys += chunked.flush()
      #expect(keys == expected, "\(bytes)")
      #expect(!chunked.hasPendingInput)
    }
  }

  @Test func fittingAnyTextGivesExactlyTheWidth() {
    let pieces = [
      "a", "Zoë", "e\u{301}", "山田", "ｶ", "☕️", "🦉", "👩‍💻", " ", "\u{1B}", "🇯🇵", "한", "\u{301}",
      "\u{200D}", "\u{FE0F}",
    ]
    var generator = SeededGenerator(state: 7)
    for _ in 0..<300 {
      let text = (0..<Int.random(in: 0...8, using: &generator))
        .map { _ in pieces.randomElement(using: &generator)! }.joined()
      let width = Int.random(in: 0...12, using: &generator)
      let line = StyledLine(text).fitted(to: width)
      #expect(line.width == width, "\(text) in \(width)")
      #expect(line.plainText.displayWidth == width)
      let column = Int.random(in: 0...width, using: &generator)
      #expect(line.prefix(columns: column).width == column)
      #expect(line.dropping(columns: column).width == width - column)
    }
  }
}

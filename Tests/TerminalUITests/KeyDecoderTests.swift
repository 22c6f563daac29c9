import TerminalUI
import Testing

@Suite struct KeyDecoderTests {
  func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  func decode(_ text: String) -> [Key] {
    decode(Array(text.utf8))
  }

  /// Feeds `bytes` one byte at a time, then flushes.
  func decodeBytewise(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in bytes { keys += decoder.decode([byte]) }
    return keys + decoder.flush()
  }

  @Test func printableCharactersAndControlKeys() {
    #expect(decode("jK ?") == [.character("j"), .character("K"), .character(" "), .character("?")])
    #expect(
      decode([0x03, 0x01, 0x1A, 0x00, 0x1F]) == [
        .ctrl("c"), .ctrl("a"), .ctrl("z"), .ctrl("@"), .ctrl("_"),
      ])
    #expect(
      decode([0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [.enter, .enter, .tab, .backspace, .backspace])
  }

  @Test func csiSequences() {
    #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(decode("\u{1B}[H\u{1B}[F\u{1B}[Z") == [.home, .end, .backTab])
    #expect(decode("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [.home, .end, .home, .end])
    #expect(decode("\u{1B}[3~\u{1B}[5~\u{1B}[6~") == [.delete, .pageUp, .pageDown])
    // Modifiers are ignored: Ctrl-Up is up.
    #expect(decode("\u{1B}[1;5A\u{1B}[3;2~") == [.up, .delete])
  }

  @Test func ss3Sequences() {
    #expect(
      decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}OH\u{1B}OF") == [
        .up, .down, .right, .left, .home, .end,
      ])
  }

  @Test func loneEscapeWaitsForTheFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.hasPendingInput)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flush().isEmpty)
  }

  @Test func escapeFollowedByAKeyIsEscapeThenTheKey() {
    #expect(decode("\u{1B}x") == [.escape, .character("x")])
    #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
    // ESC [ with nothing after it when input goes idle: Alt-[.
    #expect(decode("\u{1B}[") == [.escape, .character("[")])
  }

  @Test func sequencesSplitAnywhereDecodeTheSame() {
    let input = Array("a\u{1B}[1;5Bé山🦉\u{1B}OD\u{1B}[6~z".utf8)
    let expected: [Key] = [
      .character("a"), .down, .character("é"), .character("山"), .character("🦉"), .left,
      .pageDown, .character("z"),
    ]
    #expect(decode(input) == expected)
    #expect(decodeBytewise(input) == expected)
    for split in 1..<input.count {
      var decoder = KeyDecoder()
      let keys = decoder.decode(input[..<split]) + decoder.decode(input[split...]) + decoder.flush()
      #expect(keys == expected, "split at \(split)")
    }
  }

  @Test func splitSequenceIsHeldBackUntilComplete() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B, 0x5B, 0x33]).isEmpty)
    #expect(decoder.decode([0x7E]) == [.delete])
    #expect(decoder.decode([0xE5, 0xB1]).isEmpty)
    #expect(decoder.decode([0xB1]) == [.character("山")])
  }

  @Test func utf8Characters() {
    #expect(decode("Zoë") == [.character("Z"), .character("o"), .character("ë")])
    // A ZWJ sequence arrives as its scalars; appending them to a String joins them again.
    let keys = decode("👩‍💻")
    #expect(keys.count == 3)
    var text = ""
    for case .character(let character) in keys { text.append(character) }
    #expect(text == "👩‍💻")
  }

  @Test func malformedUTF8IsUnknownAndTheFollowingKeysSurvive() {
    // A stray continuation byte, an invalid lead byte.
    #expect(
      decode([0x80, 0x61, 0xFF, 0x62]) == [.unknown, .character("a"), .unknown, .character("b")])
    // Overlong encodings of "/" (C0 AF, E0 80 AF): each byte is invalid on its own.
    #expect(decode([0xC0, 0xAF, 0x61]) == [.unknown, .unknown, .character("a")])
    #expect(decode([0xE0, 0x80, 0xAF, 0x61]) == [.unknown, .unknown, .unknown, .character("a")])
    // A UTF-16 surrogate (ED A0 80) and a value above U+10FFFF (F4 90 80 80).
    #expect(decode([0xED, 0xA0, 0x80]) == [.unknown, .unknown, .unknown])
    #expect(decode([0xF4, 0x90, 0x80, 0x80]).allSatisfy { $0 == .unknown })
    // A truncated character followed by ASCII: the ASCII is kept.
    #expect(decode([0xE5, 0xB1, 0x61]) == [.unknown, .character("a")])
    // A truncated character at the end of input, decided by the flush.
    #expect(decode([0x61, 0xE5, 0xB1]) == [.character("a"), .unknown])
    // An encoded C1 control character is not printable.
    #expect(decode([0xC2, 0x9B, 0x61]) == [.unknown, .character("a")])
  }

  @Test func malformedEscapeSequencesAreUnknownAndTheFollowingKeysSurvive() {
    // Unknown final bytes.
    #expect(decode("\u{1B}[15~x") == [.unknown, .character("x")])
    #expect(decode("\u{1B}[Qx") == [.unknown, .character("x")])
    #expect(decode("\u{1B}OPx") == [.unknown, .character("x")])
    // A sequence broken by a byte that cannot be in it: that byte starts the next key.
    #expect(decode("\u{1B}[1\u{03}x") == [.unknown, .ctrl("c"), .character("x")])
    #expect(decode("\u{1B}[1\u{1B}[A") == [.unknown, .up])
    #expect(decode("\u{1B}O\u{1B}[B") == [.unknown, .down])
    // Intermediate bytes are not understood.
    #expect(decode("\u{1B}[1 Ax") == [.unknown, .character("x")])
    // An endless sequence is cut off.
    let endless = "\u{1B}[" + String(repeating: "1;", count: 40) + "A"
    let rest = endless.utf8.dropFirst(32).map { Key.character(Character(Unicode.Scalar($0))) }
    #expect(decode(endless) == [.unknown] + rest)
    // An unfinished sequence when input goes idle.
    #expect(decode("\u{1B}[1;5") == [.unknown])
  }

  @Test func labels() {
    #expect(Key.up.label == "↑")
    #expect(Key.ctrl("c").label == "ctrl-c")
    #expect(Key.character(" ").label == "space")
    #expect(Key.character("j").label == "j")
    #expect(Key.enter.label == "enter")
  }
}

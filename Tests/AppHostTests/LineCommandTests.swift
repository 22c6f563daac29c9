import AppHost
import Testing

struct LineCommandTests {
  @Test
  func commandsParse() throws {
    #expect(try LineCommand.parse("tab users") == .tab("users"))
    #expect(try LineCommand.parse("  TAB 3 ") == .tab("3"))
    #expect(try LineCommand.parse("down") == .down(1))
    #expect(try LineCommand.parse("down 3") == .down(3))
    #expect(try LineCommand.parse("k 2") == .up(2))
    #expect(try LineCommand.parse("open") == .open)
    #expect(try LineCommand.parse("back") == .back)
    #expect(try LineCommand.parse("type swift on linux") == .type("swift on linux"))
    #expect(try LineCommand.parse("key Enter") == .key("enter"))
    #expect(try LineCommand.parse("key /") == .key("/"))
    #expect(try LineCommand.parse("screen") == .screen)
    #expect(try LineCommand.parse("state") == .state)
    #expect(try LineCommand.parse("?") == .help)
    #expect(try LineCommand.parse("q") == .quit)
  }

  @Test
  func blankLinesAndCommentsAreSkipped() throws {
    #expect(try LineCommand.parse("") == nil)
    #expect(try LineCommand.parse("   \t ") == nil)
    #expect(try LineCommand.parse("# a comment") == nil)
    #expect(try LineCommand.parse("\u{FEFF}tab users") == .tab("users"))
  }

  @Test
  func badLinesSayWhatIsWrongInOneLine() {
    #expect(throws: LineCommandError.unknownCommand("fly")) { try LineCommand.parse("fly away") }
    #expect(throws: LineCommandError.badCount(command: "down", "-2")) {
      try LineCommand.parse("down -2")
    }
    #expect(throws: LineCommandError.badCount(command: "up", "99999999999999999999")) {
      try LineCommand.parse("up 99999999999999999999")
    }
    #expect(throws: LineCommandError.unknownKey("hyper")) { try LineCommand.parse("key hyper") }
    #expect(throws: LineCommandError.unexpectedArgument(command: "open", "now")) {
      try LineCommand.parse("open now")
    }
    #expect(throws: LineCommandError.unexpectedArgument(command: "quit", "now")) {
      try LineCommand.parse("quit now")
    }
    #expect(
      throws: LineCommandError.missingArgument(command: "type", expected: "the text to type")
    ) { try LineCommand.parse("type") }
    #expect(
      LineCommandError.unknownCommand("fly").description
        == "Unknown command \"fly\". Type \"help\" for the list.")
  }

  @Test
  func binaryGarbageIsAnUnknownCommandNotACrash() {
    let garbage = String(decoding: [0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x41], as: UTF8.self)
    #expect(throws: LineCommandError.self) { try LineCommand.parse(garbage) }
  }

  @Test(
    arguments: [
      ("type a\u{1B}[2Jb", 0x1B), ("tab\u{0}users", 0x00), ("key \u{7}", 0x07),
      ("down \u{7F}", 0x7F), ("type caf\u{9B}2J", 0x9B), ("\u{1B}[A", 0x1B),
    ] as [(String, UInt32)])
  func controlCharactersAreRefusedWithTheirCodePoint(line: String, code: UInt32) {
    #expect(throws: LineCommandError.controlCharacter(code)) { try LineCommand.parse(line) }
  }

  @Test
  func aControlCharacterMessageIsPrintableAndNamesTheCharacter() {
    #expect(
      LineCommandError.controlCharacter(0x1B).description
        == "Lines may not hold control characters (found U+001B).")
    #expect(
      LineCommandError.controlCharacter(0x9B).description
        == "Lines may not hold control characters (found U+009B).")
  }

  @Test
  func tabsStillSeparateWordsAndCarriageReturnsAreTrimmed() throws {
    #expect(try LineCommand.parse("down\t3") == .down(3))
    #expect(try LineCommand.parse("tab users\r") == .tab("users"))
  }

  @Test
  func invalidUTF8ReadAsReplacementCharactersIsPlainText() throws {
    // Standard input's undecodable bytes arrive as U+FFFD, which is printable.
    let line = String(decoding: Array("type caf".utf8) + [0xC3, 0x28, 0xFF], as: UTF8.self)
    #expect(try LineCommand.parse(line) == .type("caf\u{FFFD}(\u{FFFD}"))
    let verb = String(decoding: [0xFF, 0xFE, 0xFD], as: UTF8.self)
    #expect(throws: LineCommandError.unknownCommand(verb)) { try LineCommand.parse(verb) }
  }

  @Test
  func aLongGarbageLineMakesAShortMessage() {
    let garbage = String(repeating: "\u{FFFD}x", count: 500)
    #expect(throws: LineCommandError.unknownCommand(garbage)) { try LineCommand.parse(garbage) }
    let message = LineCommandError.unknownCommand(garbage).description
    #expect(
      message
        == "Unknown command \"\(String(garbage.prefix(39)))…\". Type \"help\" for the list.")
  }
}

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
}

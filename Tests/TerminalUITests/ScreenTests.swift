import InlineSnapshotTesting
import TerminalUI
import Testing

@Suite struct ScreenTests {
  @Test func fitsLinesToExactlyWidthByHeight() {
    let screen = Screen(width: 6, height: 3, lines: ["Alice Liddell", "山田 花子", "a", "b"])
    #expect(screen.lines.count == 3)
    #expect(screen.lines.allSatisfy { $0.width == 6 })
    #expect(screen.plainText == "Alice…\n山田 …\na     ")
    #expect(Screen(width: -1, height: -1).lines.isEmpty)
  }

  @Test func headerBodyAndFooterLayout() {
    var bodyHeight = 0
    let screen = Screen(width: 8, height: 5, header: ["Title"], footer: ["status"]) { height in
      bodyHeight = height
      return ["one", "two"]
    }
    #expect(bodyHeight == 3)
    #expect(
      screen.lines.map { $0.plainText } == [
        "Title   ", "one     ", "two     ", "        ", "status  ",
      ])
    let tiny = Screen(width: 8, height: 1, header: ["Title"], footer: ["status"]) { _ in [] }
    #expect(tiny.plainText == "status  ")
  }

  @Test func overlayReplacesColumnsAndKeepsTheRest() {
    let screen = Screen(width: 8, height: 2, lines: ["abcdefgh", "山田花子"])
    let overlaid = screen.overlaying(["XY", "XY"], row: 0, column: 3)
    // The overlay cuts 田 in half on the left and 花 on the right: spaces take their halves.
    #expect(overlaid.plainText == "abcXYfgh\n山 XY 子")
    #expect(overlaid.lines.allSatisfy { $0.width == 8 })
  }

  @Test func overlayIsClippedToTheScreen() {
    let screen = Screen(width: 4, height: 2, lines: ["abcd", "efgh"])
    #expect(screen.overlaying(["XYZ", "XYZ", "XYZ"], row: 1, column: 2).plainText == "abcd\nefXY")
    #expect(screen.overlaying(["XYZ"], row: 0, column: -2).plainText == "Zbcd\nefgh")
  }

  @Test func modalBoxIsCentredOverTheScreen() {
    let background = (1...7).map { StyledLine("row \($0) " + String(repeating: ".", count: 20)) }
    let screen = Screen(width: 26, height: 7, lines: background)
    let box = ModalBox(
      title: "Error", message: "The server is unreachable.", buttons: [.init("OK")],
      selection: 0)
    assertInlineSnapshot(of: framed(screen.overlaying(box, theme: .dark)), as: .lines) {
      """
      |ro╭─ Error ────────────╮..|
      |ro│ The server is      │..|
      |ro│ unreachable.       │..|
      |ro│                    │..|
      |ro│       [ OK ]       │..|
      |ro╰────────────────────╯..|
      |row 7 ....................|
      """
    }
  }

  @Test func panesSideBySide() {
    let lines = ["Alice", "Bob", "Carol"].map { StyledLine($0) }.beside(
      ["Bio: writes", "code"], leftWidth: 5)
    #expect(lines.map(\.plainText) == ["Alice │ Bio: writes", "Bob   │ code", "Carol │ "])
    #expect((["a"] as [StyledLine]).stacked(above: ["b"]) == ["a", "b"])
  }
}

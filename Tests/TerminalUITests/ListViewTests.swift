import InlineSnapshotTesting
import TerminalUI
import Testing

@Suite struct ListViewTests {
  let names: [StyledLine] = ["Alice", "Bob", "山田 花子", "Zoë ☕️", "Dan", "Eve", "Fay"]

  @Test func showsTheSelectionWithAMarkerAndFillsTheWindow() {
    let list = ListView(rows: Array(names.prefix(3)), selection: 2)
    assertInlineSnapshot(of: framed(list.lines(width: 12, height: 5, theme: .dark)), as: .lines) {
      """
      |  Alice     |
      |  Bob       |
      |› 山田 花子 |
      |            |
      |            |
      """
    }
  }

  @Test func scrollsToKeepTheSelectionVisible() {
    let list = ListView(rows: names, selection: 5)
    #expect(list.firstVisibleRow(height: 3) == 3)
    assertInlineSnapshot(of: framed(list.lines(width: 10, height: 3, theme: .dark)), as: .lines) {
      """
      |  Zoë ☕️  |
      |  Dan     |
      |› Eve     |
      """
    }
  }

  @Test func keepsThePreviousWindowWhileTheSelectionIsInside() {
    var list = ListView(rows: names, selection: 4, scrollOffset: 3)
    #expect(list.firstVisibleRow(height: 3) == 3)
    list.selection = 2
    #expect(list.firstVisibleRow(height: 3) == 2)
    list.scrollOffset = 0
    list.selection = 6
    #expect(list.firstVisibleRow(height: 3) == 4)
    // An offset past the end is pulled back.
    list.scrollOffset = 99
    list.selection = 6
    #expect(list.firstVisibleRow(height: 3) == 4)
  }

  @Test func theFooterComesIntoViewWithTheLastItem() {
    let list = ListView(
      rows: names, selection: 6, footer: [StyledLine("loading more…", style: Theme.dark.secondary)]
    )
    #expect(list.firstVisibleRow(height: 3) == 5)
    assertInlineSnapshot(of: framed(list.lines(width: 16, height: 3, theme: .dark)), as: .lines) {
      """
      |  Eve           |
      |› Fay           |
      |  loading more… |
      """
    }
  }

  @Test func showsTheEmptyRowsWhenThereIsNoItem() {
    let list = ListView(rows: [], selection: 0, emptyRows: ["No users"])
    assertInlineSnapshot(of: framed(list.lines(width: 12, height: 2, theme: .dark)), as: .lines) {
      """
      |  No users  |
      |            |
      """
    }
  }

  @Test func selectionIsHighlightedAcrossTheRow() {
    let list = ListView(rows: ["Alice", "Bob"], selection: 0)
    let lines = list.lines(width: 8, height: 2, theme: .dark)
    #expect(lines[0].normalized.spans == [StyledSpan("› Alice ", style: Theme.dark.selection)])
    #expect(lines[1].normalized.spans == [StyledSpan("  Bob   ")])
  }
}

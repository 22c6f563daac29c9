import AppHost
import InlineSnapshotTesting
import TerminalUI
import Testing

struct TimeTravelPanelTests {
  private let steps = [
    "(start)", "onAppear", "tabSelected(.users)", "users(.onAppear)",
    "users(.usersResponse(.success(…)))", "users(.moveSelection(1))", "users(.moveSelection(1))",
  ]

  private func frame(_ panel: TimeTravelPanel, height: Int = 9) -> String {
    panel.lines(width: 44, height: height, theme: .monochrome)
      .map { "|" + $0.plainText + "|" }.joined(separator: "\n")
  }

  @Test
  func theCurrentStepIsMarked() {
    let panel = TimeTravelPanel(steps: steps, cursor: 5)
    assertInlineSnapshot(of: frame(panel, height: 12), as: .lines) {
      """
      |╭─ History 6/7 ────────────────────────────╮|
      |│   (start)                                │|
      |│   onAppear                               │|
      |│   tabSelected(.users)                    │|
      |│   users(.onAppear)                       │|
      |│   users(.usersResponse(.success(…)))     │|
      |│ › users(.moveSelection(1))               │|
      |│   users(.moveSelection(1))               │|
      |╰──────────────────────────────────────────╯|
      """
    }
  }

  @Test
  func aShortPanelShowsTheRowsAroundTheCurrentStep() {
    let early = TimeTravelPanel(steps: steps, cursor: 2)
    assertInlineSnapshot(of: frame(early, height: 7), as: .lines) {
      """
      |╭─ History 3/7 ────────────────────────────╮|
      |│   (start)                                │|
      |│   onAppear                               │|
      |│ › tabSelected(.users)                    │|
      |│   users(.onAppear)                       │|
      |│   users(.usersResponse(.success(…)))     │|
      |╰──────────────────────────────────────────╯|
      """
    }
    let late = TimeTravelPanel(steps: steps, cursor: 6)
    assertInlineSnapshot(of: frame(late, height: 7), as: .lines) {
      """
      |╭─ History 7/7 ────────────────────────────╮|
      |│   tabSelected(.users)                    │|
      |│   users(.onAppear)                       │|
      |│   users(.usersResponse(.success(…)))     │|
      |│   users(.moveSelection(1))               │|
      |│ › users(.moveSelection(1))               │|
      |╰──────────────────────────────────────────╯|
      """
    }
  }

  @Test
  func aLongActionIsCutToThePanel() {
    let panel = TimeTravelPanel(
      steps: ["(start)", "search(.queryChanged(\"a very long query indeed\"))"], cursor: 1)
    assertInlineSnapshot(of: frame(panel, height: 6), as: .lines) {
      """
      |╭─ History 2/2 ────────────────────────────╮|
      |│   (start)                                │|
      |│ › search(.queryChanged("a very long que… │|
      |╰──────────────────────────────────────────╯|
      """
    }
  }

  @Test
  func thereIsNoPanelWithoutRoomForAStep() {
    #expect(
      TimeTravelPanel(steps: steps, cursor: 0).lines(width: 44, height: 2, theme: .monochrome)
        .isEmpty)
    #expect(
      TimeTravelPanel(steps: steps, cursor: 0).lines(width: 10, height: 9, theme: .monochrome)
        .isEmpty)
  }
}

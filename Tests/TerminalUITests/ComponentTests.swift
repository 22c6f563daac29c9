import InlineSnapshotTesting
import TerminalUI
import Testing

@Suite struct ComponentTests {
  @Test func spinnerCyclesThroughItsFramesForAnyTick() {
    #expect(Spinner.line.frame(at: 0) == "-")
    #expect(Spinner.line.frame(at: 5) == "\\")
    #expect(Spinner.line.frame(at: -1) == "/")
    #expect(Spinner.dots.frame(at: 10) == Spinner.dots.frame(at: 0))
    #expect(Spinner(frames: []).frame(at: 3) == "")
  }

  @Test func tabBarBracketsTheSelectedTab() {
    let bar = TabBar(titles: ["Home", "Search", "Profile"], selection: 1)
    assertInlineSnapshot(
      of: framed([
        bar.line(width: 30, theme: .dark),
        TabBar(titles: bar.titles, selection: 0).line(width: 30, theme: .dark),
        bar.line(width: 12, theme: .dark),
      ]),
      as: .lines
    ) {
      """
      | Home  [Search]  Profile      |
      |[Home]  Search   Profile      |
      |… [Search] …|
      """
    }
    let spans = bar.line(width: 30, theme: .dark).spans
    #expect(spans.contains(StyledSpan("[Search]", style: Theme.dark.selectedTab)))
  }

  @Test func aNarrowTabBarStartsLaterSoTheSelectedTabShows() {
    let titles = ["Home", "Search", "Users", "Profile", "Settings"]
    let last = TabBar(titles: titles, selection: 4).line(width: 30, theme: .monochrome)
    #expect(last.plainText == "…  Users   Profile  [Settings]")
    #expect(last.width == 30)
    let first = TabBar(titles: titles, selection: 0).line(width: 30, theme: .monochrome)
    #expect(first.plainText.hasPrefix("[Home]  Search"))
    let tiny = TabBar(titles: titles, selection: 3).line(width: 8, theme: .monochrome)
    #expect(tiny.plainText == "… [Prof…")
  }

  @Test func statusLineShowsTheHintsThatFitWhole() {
    let hints = [
      KeyHint(keys: "j/k", label: "move"), KeyHint(keys: "enter", label: "open"),
      KeyHint(keys: "?", label: "help"), KeyHint(keys: "q", label: "quit"),
    ]
    assertInlineSnapshot(
      of: framed([
        StatusLine(hints: hints).line(width: 44, theme: .dark),
        StatusLine(hints: hints, status: "3/120").line(width: 44, theme: .dark),
        StatusLine(hints: hints).line(width: 24, theme: .dark),
      ]),
      as: .lines
    ) {
      """
      | j/k move · enter open · ? help · q quit    |
      | j/k move · enter open · ? help       3/120 |
      | j/k move · enter open  |
      """
    }
  }

  @Test func pinnedHintsStayWhenTheLineIsShort() {
    let hints = [
      KeyHint(keys: "j/k", label: "move"), KeyHint(keys: "enter", label: "open"),
      KeyHint(keys: "pgdn/pgup", label: "page"),
    ]
    let pinned = [KeyHint(keys: "?", label: "help"), KeyHint(keys: "q", label: "quit")]
    assertInlineSnapshot(
      of: framed([
        StatusLine(hints: hints, pinned: pinned).line(width: 60, theme: .dark),
        StatusLine(hints: hints, pinned: pinned).line(width: 40, theme: .dark),
        StatusLine(hints: hints, pinned: pinned, status: "3/120").line(width: 40, theme: .dark),
        StatusLine(hints: hints, pinned: pinned).line(width: 17, theme: .dark),
        StatusLine(hints: hints, pinned: pinned).line(width: 10, theme: .dark),
      ]),
      as: .lines
    ) {
      """
      | j/k move · enter open · pgdn/pgup page · ? help · q quit   |
      | j/k move · enter open · ? help · q quit|
      | j/k move · ? help · q quit       3/120 |
      | ? help · q quit |
      | ? help   |
      """
    }
  }

  @Test func statusLineStylesKeysAndFillsTheBar() {
    let line = StatusLine(hints: [KeyHint(keys: "q", label: "quit")]).line(
      width: 10, theme: .dark)
    #expect(
      line.normalized.spans == [
        StyledSpan(" ", style: Theme.dark.statusBar),
        StyledSpan("q", style: Theme.dark.statusKey),
        StyledSpan(" quit   ", style: Theme.dark.statusBar),
      ])
  }
}

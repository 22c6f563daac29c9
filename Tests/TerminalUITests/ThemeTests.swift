import TerminalUI
import Testing

@Suite struct ThemeTests {
  @Test func monochromeHasNoColourButStillShowsTheSelection() {
    #expect(Theme.monochrome.roles.allSatisfy { !$0.hasColor })
    #expect(Theme.monochrome.selection.inverse)
    let list = ListView(rows: ["Alice", "Bob"], selection: 1)
    let text = list.lines(width: 10, height: 3, theme: .monochrome).map(\.ansiText).joined()
    #expect(!containsColor(text))
    #expect(text.contains("\u{1B}[7m› Bob     \u{1B}[0m"))
  }

  @Test func colourThemesUseColour() {
    #expect(containsColor(StyledLine("x", style: Theme.dark.selection).ansiText))
    #expect(containsColor(StyledLine("x", style: Theme.light.selection).ansiText))
    #expect(Theme.dark != Theme.light)
  }

  @Test func noColorEnvironmentSelectsMonochrome() {
    #expect(Theme.resolved(environment: ["NO_COLOR": "1"]) == .monochrome)
    #expect(Theme.resolved(preferred: .light, environment: ["NO_COLOR": ""]) == .light)
    #expect(Theme.resolved(preferred: .light, environment: [:]) == .light)
    #expect(Theme.resolved(environment: [:]) == .dark)
  }

  @Test func themesAreFoundByName() {
    #expect(Theme.named("light") == .light)
    #expect(Theme.named("monochrome") == .monochrome)
    #expect(Theme.named("neon") == nil)
    #expect(Theme.all.map(\.name) == ["dark", "light", "monochrome"])
  }

  @Test func withoutColorKeepsAttributes() {
    let line = StyledLine("x", style: Theme.dark.selection).withoutColor
    #expect(line.spans[0].style == TextStyle(bold: true))
  }
}

import InlineSnapshotTesting
import TerminalUI
import Testing

/// A small feature view written the way the features write theirs: state in, lines and key
/// bindings out.
private struct PeopleView: TerminalView {
  struct State {
    var query = ""
    var people: [String] = []
    var selection = 0
    var isLoading = false
  }

  enum Action: Equatable {
    case queryChanged(String)
    case moveDown
    case moveUp
    case open(String)
  }

  var state: State

  func render(in context: RenderContext) -> [StyledLine] {
    let theme = context.theme
    let title =
      StyledLine("People", style: theme.title)
      + (state.isLoading
        ? StyledLine(" " + Spinner.dots.frame(at: context.tick), style: theme.secondary) : .empty)
    let field = TextField(text: state.query, placeholder: "Search", prompt: "/ ")
    let list = ListView(
      rows: state.people.map { StyledLine($0) },
      selection: state.selection,
      emptyRows: [StyledLine("Nobody here", style: theme.secondary)]
    )
    return Screen(
      width: context.width,
      height: context.height,
      header: [title, field.line(width: context.width, theme: theme)],
      footer: [StatusLine(hints: keyHints).line(width: context.width, theme: theme)]
    ) { height in
      list.lines(width: context.width, height: height, theme: theme)
    }.lines
  }

  var keyBindings: [KeyBinding<Action>] {
    var bindings = [
      KeyBinding([.down, .ctrl("n")], label: "down", action: Action.moveDown),
      KeyBinding([.up, .ctrl("p")], label: "up", action: .moveUp),
    ]
    if state.people.indices.contains(state.selection) {
      bindings.append(
        KeyBinding(.enter, label: "open", action: .open(state.people[state.selection])))
    }
    bindings.append(
      .characters { character in .queryChanged(state.query + String(character)) })
    return bindings
  }
}

@Suite struct ExampleViewTests {
  @Test func rendersFromStateAlone() {
    let view = PeopleView(
      state: .init(query: "a", people: ["Alice", "山田 花子", "Zoë ☕️"], selection: 1, isLoading: true))
    let context = RenderContext(width: 30, height: 7, theme: .dark, tick: 2)
    assertInlineSnapshot(of: framed(view.screen(in: context)), as: .lines) {
      """
      |People ⠹                      |
      |/ a                           |
      |  Alice                       |
      |› 山田 花子                   |
      |  Zoë ☕️                      |
      |                              |
      | ↓/ctrl-n down · ↑/ctrl-p up  |
      """
    }
  }

  @Test func rendersTheEmptyState() {
    let view = PeopleView(state: .init())
    assertInlineSnapshot(
      of: framed(view.screen(in: RenderContext(width: 30, height: 5))), as: .lines
    ) {
      """
      |People                        |
      |/ Search                      |
      |  Nobody here                 |
      |                              |
      | ↓/ctrl-n down · ↑/ctrl-p up  |
      """
    }
  }

  @Test func keysMapToActionsThatDependOnState() {
    let view = PeopleView(state: .init(query: "Zo", people: ["Alice", "Zoë"], selection: 1))
    #expect(view.action(for: .down) == .moveDown)
    #expect(view.action(for: .ctrl("p")) == .moveUp)
    #expect(view.action(for: .enter) == .open("Zoë"))
    #expect(view.action(for: .character("ë")) == .queryChanged("Zoë"))
    #expect(view.action(for: .escape) == nil)
    #expect(PeopleView(state: .init()).action(for: .enter) == nil)
    #expect(
      view.keyHints == [
        KeyHint(keys: "↓/ctrl-n", label: "down"), KeyHint(keys: "↑/ctrl-p", label: "up"),
        KeyHint(keys: "enter", label: "open"),
      ])
  }

  @Test func bindingsMapIntoAParentsActions() {
    enum Parent: Equatable { case people(PeopleView.Action) }
    let child = PeopleView(state: .init(people: ["Alice"]))
    let bindings = child.keyBindings.map { $0.map(Parent.people) }
    #expect(bindings.action(for: .enter) == Parent.people(.open("Alice")))
    #expect(bindings.action(for: .character("x")) == Parent.people(.queryChanged("x")))
    #expect(bindings.hints() == child.keyHints)
  }

  @Test func bindingWithACustomKeysLabel() {
    let binding = KeyBinding(
      [.character("j"), .character("k")], label: "move", keysLabel: "j/k"
    ) { key in key == .character("j") ? 1 : -1 }
    #expect(binding.hint == KeyHint(keys: "j/k", label: "move"))
    #expect(binding.action(for: .character("k")) == -1)
    #expect(binding.action(for: .character("x")) == nil)
    let hidden = KeyBinding(.tab, label: nil, action: 0)
    #expect(hidden.hint == nil)
    #expect(hidden.action(for: .tab) == 0)
  }
}

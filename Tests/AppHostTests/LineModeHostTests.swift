import AppHost
import ComposableArchitecture
import TerminalUI
import Testing

/// A two-tab app small enough to read at a glance: a list to move through, and an effect when
/// a row is opened.
@Reducer
struct LineModePicker {
  @ObservableState
  struct State: Equatable {
    var tab = 0
    var rows = ["apple", "banana", "cherry"]
    var selection = 0
    var opened: String?
    var typed = ""
  }

  enum Action: Equatable {
    case tabSelected(Int)
    case moveSelection(Int)
    case openSelected
    case opened(String)
    case typed(Character)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .tabSelected(tab):
        state.tab = tab
        return .none
      case let .moveSelection(offset):
        state.selection = min(max(state.selection + offset, 0), state.rows.count - 1)
        return .none
      case .openSelected:
        let row = state.rows[state.selection]
        return .run { send in
          try await Task.sleep(for: .milliseconds(20))
          await send(.opened(row))
        }
      case let .opened(row):
        state.opened = row
        return .none
      case let .typed(character):
        state.typed.append(character)
        return .none
      }
    }
  }
}

@MainActor
final class LineModePickerApp: HostedApp {
  let store: StoreOf<LineModePicker>

  /// The app on `store` (a store of its own by default).
  init(
    store: StoreOf<LineModePicker> = Store(initialState: LineModePicker.State()) {
      LineModePicker()
    }
  ) {
    self.store = store
  }

  var tabNames: [String] { ["fruit", "about"] }

  func screen(in context: RenderContext) -> Screen {
    var lines: [StyledLine] = [
      TabBar(titles: tabNames, selection: store.tab).line(
        width: context.width, theme: context.theme)
    ]
    for (index, row) in store.rows.enumerated() {
      lines.append(StyledLine((index == store.selection ? "> " : "  ") + row))
    }
    lines.append(StyledLine("opened: \(store.opened ?? "-")  typed: \(store.typed)"))
    return Screen(width: context.width, height: context.height, lines: lines)
  }

  func handle(_ key: Key) -> KeyOutcome {
    switch key {
    case .down: .sent(store.send(.moveSelection(1)))
    case .up: .sent(store.send(.moveSelection(-1)))
    case .enter: .sent(store.send(.openSelected))
    case .character("q"): .quit
    case let .character(character): .sent(store.send(.typed(character)))
    // Control keys and shift-tab, typed as markers: "S" for ctrl-s, "B" for shift-tab.
    case let .ctrl(letter): .sent(store.send(.typed(Character(letter.uppercased()))))
    case .backTab: .sent(store.send(.typed("B")))
    default: .handled
    }
  }

  func selectTab(_ index: Int) -> StoreTask? { store.send(.tabSelected(index)) }

  var stateDump: String { String(customDumping: store.state) }

  var isAnimating: Bool { false }

  /// Whether its screen takes typed text (it types every character into `typed`).
  var takesText = true
}

@MainActor
struct LineModeHostTests {
  private func run(
    _ input: [String], app: any HostedApp = LineModePickerApp()
  ) async throws -> (output: [String], errors: [String]) {
    var output: [String] = []
    var errors: [String] = []
    let host = LineModeHost(
      app: app, size: TerminalSize(width: 40, height: 8),
      output: { output.append($0) }, error: { errors.append($0) })
    try await host.run(
      lines: AsyncStream { continuation in
        for line in input { continuation.yield(line) }
        continuation.finish()
      })
    return (output, errors)
  }

  @Test
  func eachCommandPrintsTheScreenAfterItsEffectsFinish() async throws {
    let (output, errors) = try await run(["down 2", "open"])
    #expect(errors.isEmpty)
    #expect(output.count == 3)
    #expect(output[1].contains("> cherry"))
    #expect(output[2].contains("opened: cherry"))
  }

  @Test
  func theEndOfInputWaitsForEffectsThatOutlivedTheirCommand() async throws {
    // `open` finishes its effect 20 ms later; the command prints its screen after 1 ms, but
    // the end of input that follows must not cut the effect off.
    let app = LineModePickerApp()
    var output: [String] = []
    var host = LineModeHost(
      app: app, size: TerminalSize(width: 40, height: 8), settleTimeout: .milliseconds(1),
      output: { output.append($0) }, error: { _ in })
    host.quitTimeout = .seconds(30)
    try await host.run(
      lines: AsyncStream { continuation in
        continuation.yield("open")
        continuation.finish()
      })
    #expect(app.store.opened == "apple")
    #expect(output.count == 2)
  }

  @Test
  func anUnknownCommandIsOneLineAndTheAppGoesOn() async throws {
    let (output, errors) = try await run(["fly", "tab nowhere", "type hi"])
    #expect(
      errors == [
        "Unknown command \"fly\". Type \"help\" for the list.",
        "Unknown tab \"nowhere\". Tabs: fruit, about (or 1-2).",
      ])
    #expect(output.last?.contains("typed: hi") == true)
  }

  @Test
  func controlKeysAndShiftTabCanBePressed() async throws {
    let (output, errors) = try await run(
      ["key ctrl-s", "key Ctrl-T", "key shift-tab", "key backtab", "key ctrl-1"])
    #expect(errors == ["Unknown key \"ctrl-1\". Type \"help\" for the key names."])
    #expect(output.last?.contains("typed: STBB") == true)
  }

  @Test
  func tabsAreChosenByNameOrNumber() async throws {
    let (output, _) = try await run(["tab about", "state", "tab 1", "state"])
    #expect(output[2].contains("tab: 1"))
    #expect(output[4].contains("tab: 0"))
  }

  @Test
  func quitStopsBeforeTheRestOfTheInput() async throws {
    let (output, _) = try await run(["quit", "down"])
    #expect(output.count == 1)
  }

  @Test
  func typingWithoutATextFieldIsAnErrorAndPressesNothing() async throws {
    let app = LineModePickerApp()
    app.takesText = false
    let (output, errors) = try await run(["type jjq", "down"], app: app)
    #expect(
      errors == [#"No text field is focused: "type" types into one ("key" presses a key)."#])
    #expect(output.count == 2)
    #expect(app.store.typed.isEmpty)
    #expect(output.last?.contains("> banana") == true)
  }

  @Test
  func quitWithUnsavedChangesAsksFirstAndDiscardingQuits() async throws {
    let app: FeatureApp<Draft, DraftView> = FeatureApp(
      store: Store(initialState: Draft.State()) { Draft() }, view: DraftView.self)
    let (output, errors) = try await run(["type x", "quit", "key d", "down"], app: app)
    #expect(errors.isEmpty)
    // The first screen, `type`'s, and `quit`'s with the question; discarding quits, so `down`
    // never runs.
    #expect(output.count == 3)
    #expect(output[2].contains("Unsaved changes"))
    #expect(app.store.text.isEmpty)
  }

  @Test
  func aSecondQuitWhileTheAppAsksQuitsAnyway() async throws {
    let app: FeatureApp<Draft, DraftView> = FeatureApp(
      store: Store(initialState: Draft.State()) { Draft() }, view: DraftView.self)
    let (output, _) = try await run(["type x", "quit", "quit", "down"], app: app)
    #expect(output.count == 3)
    #expect(app.store.text == "x")
  }

  @Test
  func keyCtrlCAsksToQuitAsInTheFullScreen() async throws {
    let (output, _) = try await run(["key ctrl-c", "down"])
    #expect(output.count == 1)
  }

  @Test
  func helpListsOnlyTheCommandsThatWorkInThisApp() async throws {
    let (tabs, _) = try await run(["help"])
    #expect(tabs.last?.contains("tab NAME|N      switch tab: fruit, about (or 1-2)") == true)
    #expect(tabs.last?.contains("travel") == false)
    #expect(tabs.last?.contains("history") == false)

    let single: FeatureApp<Draft, DraftView> = FeatureApp(
      store: Store(initialState: Draft.State()) { Draft() }, view: DraftView.self)
    let (alone, _) = try await run(["help"], app: single)
    #expect(alone.last?.contains("tab NAME") == false)
    #expect(alone.last?.contains("screen          print the screen again") == true)
  }

  @Test
  func aKeyThatQuitsStopsTheHost() async throws {
    let (output, _) = try await run(["key q", "down"])
    #expect(output.count == 1)
  }

  @Test
  func controlCharactersAndGarbageAreOneLineEachAndTheAppGoesOn() async throws {
    let garbage = String(decoding: [0xFF, 0xFE, 0x41], as: UTF8.self)
    let (output, errors) = try await run(["type \u{1B}[2J", garbage, "down"])
    #expect(
      errors == [
        "Lines may not hold control characters (found U+001B).",
        "Unknown command \"\u{FFFD}\u{FFFD}A\". Type \"help\" for the list.",
      ])
    #expect(output.count == 2)
    #expect(output.last?.contains("> banana") == true)
    #expect(output.allSatisfy { !$0.contains("\u{1B}") })
  }

  @Test
  func theEndOfInputEndsTheRunWithoutAQuitCommand() async throws {
    let (output, errors) = try await run(["down"])
    #expect(errors.isEmpty)
    #expect(output.count == 2)
  }
}

import TerminalUI
import Testing

/// The list keys every list view shares: `j`/`k`, pages, and `g`/`G`.
struct KeyBindingListNavigationTests {
  @Test
  func moveKeysStepOneRowEitherWay() {
    let bindings: [KeyBinding<Int>] = [.listMove { $0 }]
    #expect(bindings.action(for: .character("j")) == 1)
    #expect(bindings.action(for: .down) == 1)
    #expect(bindings.action(for: .character("k")) == -1)
    #expect(bindings.action(for: .up) == -1)
    #expect(bindings.action(for: .character("x")) == nil)
    #expect(bindings.hints() == [KeyHint(keys: "j/k", label: "move")])
  }

  @Test
  func jumpsMoveByAPageAndToEitherEndCountedFromTheSelection() {
    let bindings = KeyBinding<Int>.listJumps(selection: 3, count: 8, pageStep: 10) { $0 }
    #expect(bindings.action(for: .pageDown) == 10)
    #expect(bindings.action(for: .ctrl("d")) == 10)
    #expect(bindings.action(for: .pageUp) == -10)
    #expect(bindings.action(for: .ctrl("u")) == -10)
    #expect(bindings.action(for: .character("g")) == -3)
    #expect(bindings.action(for: .home) == -3)
    #expect(bindings.action(for: .character("G")) == 4)
    #expect(bindings.action(for: .end) == 4)
    #expect(
      bindings.hints() == [
        KeyHint(keys: "pgdn/pgup", label: "page"), KeyHint(keys: "g/G", label: "top/bottom"),
      ])
  }

  @Test
  func anEmptyListsEndIsItsFirstRow() {
    let bindings = KeyBinding<Int>.listJumps(selection: 0, count: 0, pageStep: 10) { $0 }
    #expect(bindings.action(for: .character("G")) == 0)
  }
}

@Suite struct KeyBindingPageTests {
  /// A list with 100 rows, its selection at 50, whose view keeps 3 lines for itself.
  private let bindings = KeyBinding<Int>.listJumps(
    selection: 50, count: 100, pageStep: 10, listRows: { $0 - 3 }
  ) { $0 }

  @Test func aPageIsTheRowsTheListShowsLessOne() {
    #expect(bindings.action(for: .pageDown, height: 30) == 26)
    #expect(bindings.action(for: .ctrl("u"), height: 30) == -26)
    #expect(bindings.action(for: .pageDown, height: 50) == 46)
    // Never less than one row, however low the window.
    #expect(bindings.action(for: .pageDown, height: 2) == 1)
  }

  @Test func withoutAHeightAPageIsThePageStep() {
    #expect(bindings.action(for: .pageDown) == 10)
    #expect(bindings.action(for: .pageUp, height: nil) == -10)
    let fixed = KeyBinding<Int>.listJumps(selection: 0, count: 100, pageStep: 7) { $0 }
    #expect(fixed.action(for: .pageDown, height: 40) == 7)
  }

  @Test func aViewInsideAHostGetsTheHeightTheHostLeavesIt() {
    let inside = bindings.map { $0.inArea { $0 - 2 } }
    #expect(inside.action(for: .pageDown, height: 30) == 24)
    #expect(inside.map { $0.map { $0 * 2 } }.action(for: .pageDown, height: 30) == 48)
    #expect(inside.action(for: .character("G"), height: 30) == 49)
  }
}

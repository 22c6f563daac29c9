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

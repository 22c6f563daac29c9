import Testing

@testable import ComposableArchitecture

// The one-line case paths that runtime warnings and `_printChanges(.actionLabels)` print: a
// payload's labels separated by commas, `_:` where a payload has none, and an enum payload's
// case, as TCA prints them.

private enum Screen {
  case move(Int, animated: Bool)
  case resize(Int, Int, Int)
  case list(List)

  enum List {
    case row(index: Int, action: Row)
  }

  enum Row {
    case tapped
    case renamed(to: String)
  }
}

@Suite
struct DebugCaseOutputTests {
  @Test
  func payloadsWithoutLabelsAreUnderscored() {
    #expect(debugCaseOutput(Screen.move(1, animated: true)) == "Screen.move(_:, animated:)")
    #expect(debugCaseOutput(Screen.resize(1, 2, 3)) == "Screen.resize(_:, _:, _:)")
  }

  @Test
  func anEnumPayloadInsideLabelsShowsItsCase() {
    #expect(
      debugCaseOutput(Screen.list(.row(index: 1, action: .tapped)))
        == "Screen.list(.row(index:, action: .tapped))")
    #expect(
      debugCaseOutput(Screen.list(.row(index: 1, action: .renamed(to: "Blob"))))
        == "Screen.list(.row(index:, action: .renamed(to:)))")
  }
}

import AppHost
import Testing

struct ActionSummaryTests {
  struct Page: Equatable {
    var items: [String]
  }

  enum Child: Equatable {
    case moveSelection(Int)
    case queryChanged(String)
    case response(Result<Page, TestError>)
    case element(id: Int, action: Grandchild)
    case toggled(Bool?)
    case onAppear
  }

  enum Grandchild: Equatable {
    case tapped
  }

  struct TestError: Error, Equatable {}

  enum Action: Equatable {
    case users(Child)
    case onAppear
  }

  @Test
  func casesAreNamedWithTheirSimpleValues() {
    #expect(ActionSummary.text(of: Action.onAppear) == "onAppear")
    #expect(ActionSummary.text(of: Action.users(.onAppear)) == "users(.onAppear)")
    #expect(ActionSummary.text(of: Action.users(.moveSelection(-1))) == "users(.moveSelection(-1))")
    #expect(
      ActionSummary.text(of: Action.users(.queryChanged("ali"))) == "users(.queryChanged(\"ali\"))")
    #expect(
      ActionSummary.text(of: Action.users(.element(id: 3, action: .tapped)))
        == "users(.element(id: 3, action: .tapped))")
    #expect(ActionSummary.text(of: Action.users(.toggled(true))) == "users(.toggled(true))")
    #expect(ActionSummary.text(of: Action.users(.toggled(nil))) == "users(.toggled(nil))")
  }

  @Test
  func largerValuesAreElided() {
    #expect(
      ActionSummary.text(of: Action.users(.response(.success(Page(items: ["a"])))))
        == "users(.response(.success(…)))")
    #expect(
      ActionSummary.text(of: Action.users(.queryChanged(String(repeating: "a", count: 40))))
        == "users(.queryChanged(\"\(String(repeating: "a", count: 23))…\"))")
  }
}

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
      ActionSummary.text(of: Action.users(.element(id: 3, action: .tapped))) == "users[3].tapped")
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

  enum Path: Equatable {
    case userDetail(Child)
  }

  enum AppAction: Equatable {
    case path(StackAction<Path>)
  }

  enum StackAction<Element: Equatable>: Equatable {
    case element(id: ElementID, action: Element)
    case popFrom(id: ElementID)
  }

  struct ElementID: Hashable {
    var rawValue: Int
  }

  @Test
  func anElementsActionIsWrittenAsASubscriptSoItsOwnCaseShows() {
    #expect(
      ActionSummary.text(
        of: AppAction.path(.element(id: ElementID(rawValue: 2), action: .userDetail(.onAppear))))
        == "path[#2].userDetail(.onAppear)")
    #expect(
      ActionSummary.text(of: AppAction.path(.popFrom(id: ElementID(rawValue: 2))))
        == "path(.popFrom(id: …))")
  }
}

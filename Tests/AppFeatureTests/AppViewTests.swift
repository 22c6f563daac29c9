import AppFeature
import ComposableArchitecture
import SearchFeature
import SharedModels
import TerminalUI
import Testing
import UserDetailFeature

@MainActor
struct AppViewTests {
  private func action(_ key: Key, in state: App.State = App.State()) -> App.Action? {
    AppView(state: state).action(for: key)
  }

  @Test
  func tabsAreChosenByNumberTabAndSlash() {
    guard case .tabSelected(.users)? = action(.character("3")) else {
      Issue.record("3 does not choose Users")
      return
    }
    guard case .tabSelected(.search)? = action(.tab) else {
      Issue.record("tab does not move from Home to Search")
      return
    }
    guard case .tabSelected(AppTab.allCases.last)? = action(.backTab) else {
      Issue.record("shift-tab does not wrap from the first tab to the last")
      return
    }
    guard case .searchRequested? = action(.character("/")) else {
      Issue.record("/ does not ask for Search")
      return
    }
  }

  @Test
  func escapeAndBackspaceGoBackOnlyFromADrillDown() {
    #expect(action(.escape) == nil)
    let state = App.State(path: StackState([.userDetail(UserDetail.State(userID: 1))]))
    for key in [Key.escape, .backspace] {
      guard case .backRequested? = action(key, in: state) else {
        Issue.record("\(key) does not go back")
        return
      }
    }
  }

  @Test
  func aTextFieldTakesCharactersBeforeTheApp() {
    guard
      case .search(.queryChanged("3"))? = action(
        .character("3"), in: App.State(selectedTab: .search))
    else {
      Issue.record("3 does not type into the search field")
      return
    }
  }

  @Test
  func outsideTheSearchFieldTheAppsKeysApplyAndQIsLeftToTheHost() {
    var state = App.State(selectedTab: .search)
    state.search.isEditingQuery = false
    #expect(action(.character("q"), in: state) == nil)
    guard case .tabSelected(.users)? = action(.character("3"), in: state) else {
      Issue.record("3 does not choose Users from the search results")
      return
    }
    guard case .search(.queryFieldFocused)? = action(.character("/"), in: state) else {
      Issue.record("/ does not go back to the search field")
      return
    }
    let lines = AppView(state: state)
      .render(in: RenderContext(width: 200, height: 10, theme: .monochrome))
      .map(\.plainText)
    #expect(lines.last?.contains("q quit") == true)
  }

  @Test
  func quittingIsLeftToTheHost() {
    #expect(action(.character("q")) == nil)
  }

  @Test
  func theScreenHasTheTabsTheTopScreenAndTheKeys() {
    let lines = AppView(state: App.State(selectedTab: .users))
      .screen(in: RenderContext(width: 80, height: 10, theme: .monochrome)).plainText
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 10)
    #expect(lines.first?.contains("[Users]") == true)
    #expect(lines.last?.contains("? help") == true)
  }

  @Test
  func theHelpListsEveryKeyAndLeavesQuestionMarkAndQToTheHost() {
    let help = AppView(state: App.State()).chrome.help
    #expect(help.contains(KeyHint(keys: "tab/shift-tab", label: "next/previous tab")))
    // The tabs in order, whatever tabs come after these five.
    let tabs = AppView(state: App.State()).tabs.map(\.title)
    #expect(tabs.starts(with: ["Home", "Search", "Users", "Profile", "Settings"]))
    #expect(
      help.contains(KeyHint(keys: "1-\(tabs.count)", label: tabs.joined(separator: ", "))))
    #expect(help.contains(KeyHint(keys: "?/ctrl-g", label: "this help")))
    #expect(action(.character("?")) == nil)
    #expect(action(.character("q")) == nil)
  }

  @Test
  func theHostsKeysFollowTheAppsInTheStatusLineAndTheHelp() {
    let hint = KeyHint(keys: "ctrl-t", label: "history")
    let view = AppView(state: App.State(selectedTab: .settings), hostHints: [hint])
    let status =
      view.screen(in: RenderContext(width: 160, height: 10, theme: .monochrome)).plainText
      .split(separator: "\n").last ?? ""
    // After the app's keys, before help and quitting (which a short line keeps last).
    #expect(status.contains("tab next tab · ctrl-t history · ? help · q quit"))
    #expect(view.chrome.help.last == hint)
  }
}

import ComposableArchitecture
import Testing

// A feature not written yet, as TCA's samples stub one: `@Reducer` with no body, whose `Action`
// has no cases. Composed into a parent's action or an enum reducer's case, the generated code
// that builds that case must compile without a warning in the user's code (CI fails on one).

@Reducer
private struct PlaceholderTab {}

@Reducer
private struct Tabs {
  @ObservableState
  struct State: Equatable {
    var placeholder = PlaceholderTab.State()
    var selected = 0
  }

  enum Action {
    case placeholder(PlaceholderTab.Action)
    case selected(Int)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.placeholder, action: \.placeholder) { PlaceholderTab() }
    Reduce { state, action in
      if case let .selected(index) = action { state.selected = index }
      return .none
    }
  }
}

@Reducer
private enum Screen {
  case placeholder(PlaceholderTab)
  case tabs(Tabs)
}

extension Screen.State: Equatable {}

@MainActor
struct PlaceholderFeatureTests {
  @Test
  func aParentOfAFeatureWithNoActionsRunsItsOwn() async {
    let store = TestStore(initialState: Tabs.State()) { Tabs() }
    await store.send(.selected(2)) {
      $0.selected = 2
    }
  }

  @Test
  func anEnumReducerWithAFeatureWithNoActionsRunsTheOtherCases() async {
    let store = TestStore(initialState: Screen.State.tabs(Tabs.State())) { Screen.body }
    await store.send(.tabs(.selected(1))) {
      $0 = .tabs(Tabs.State(selected: 1))
    }
  }
}

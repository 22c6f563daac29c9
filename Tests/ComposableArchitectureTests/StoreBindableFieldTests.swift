import ComposableArchitecture
import Testing

/// A search field whose query is written through binding actions.
@Reducer
private struct SearchField {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var edits = 0
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      state.edits += 1
      return .none
    }
  }
}

@MainActor
@Suite
struct StoreBindableFieldTests {
  @Test
  func assigningAFieldOfTheStoreSendsABindingAction() {
    let store = Store(initialState: SearchField.State()) { SearchField() }
    store.query = "Blob"
    #expect(store.query == "Blob")
    #expect(store.edits == 1)
    store.query += " Jr."
    #expect(store.query == "Blob Jr.")
    #expect(store.edits == 2)
  }
}

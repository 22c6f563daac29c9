import ComposableArchitecture
import Testing

/// A list whose rows are replaced page by page, as search results or a feed are.
@Reducer
struct PagedToggles {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<ToggleRow.State> = []
  }

  enum Action: Equatable {
    case showPage(Int)
    case rows(IdentifiedActionOf<ToggleRow>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .showPage(page) = action {
        state.rows = IdentifiedArray(
          uniqueElements: (page * 20..<(page + 1) * 20).map { ToggleRow.State(id: $0) })
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) {
      ToggleRow()
    }
  }
}

/// Stores scoped to parts of the state that go away (rows removed, elements popped) are not
/// kept by their parent for ever: as new parts are scoped, the parent forgets those whose part
/// is gone, so a list that changes or a stack pushed and popped for a long time does not grow.
@MainActor
@Suite
struct ScopedStoreReleaseTests {
  @Test
  func theStoresOfRowsGoneAreReleasedAsNewRowsAreScoped() {
    let store = Store(initialState: PagedToggles.State()) { PagedToggles() }
    weak var firstPagesRow: StoreOf<ToggleRow>?
    for page in 0..<10 {
      store.send(.showPage(page))
      let rows = store.scope(state: \.rows, action: \.rows)
      for row in rows { _ = row.isOn }
      if page == 0 { firstPagesRow = rows[3] }
    }
    #expect(firstPagesRow == nil)
    // The rows still there keep their stores, which still work.
    let rows = store.scope(state: \.rows, action: \.rows)
    #expect(store.scope(state: \.rows, action: \.rows)[3] === rows[3])
    rows[3].send(.toggled)
    #expect(store.rows[3].isOn)
  }

  @Test
  func aRowsStoreHeldElsewhereKeepsItsLastStateOnceForgotten() {
    let store = Store(initialState: PagedToggles.State()) { PagedToggles() }
    store.send(.showPage(0))
    let held = store.scope(state: \.rows, action: \.rows)[5]
    held.send(.toggled)
    #expect(held.isOn)
    for page in 1..<10 {
      store.send(.showPage(page))
      for row in store.scope(state: \.rows, action: \.rows) { _ = row.isOn }
    }
    #expect(held.id == 5)
    #expect(held.isOn)
  }

  @Test
  func theStoresOfPoppedElementsAreReleasedAsNewElementsAreScoped() {
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    weak var firstElement: StoreOf<StackScreen>?
    for push in 0..<100 {
      store.send(.pushScreenTapped)
      guard let id = store.path.ids.last else { return }
      let element = store.scope(state: \.path[id: id], action: \.path[id: id])
      if push == 0 { firstElement = element }
      store.send(.path(.popFrom(id: id)))
    }
    #expect(firstElement == nil)
  }

  @Test
  func theStoresOfElementsPoppedAreReleasedWhenScopedFromTheStacksStore() {
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    let path = store.scope(state: \.path, action: \.path)
    weak var firstElement: StoreOf<StackScreen>?
    for push in 0..<100 {
      store.send(.pushScreenTapped)
      guard let id = store.path.ids.last else { return }
      let element = path.scope(state: \.[id: id], action: \.[id: id])
      if push == 0 { firstElement = element }
      store.send(.path(.popFrom(id: id)))
    }
    #expect(firstElement == nil)
  }
}

import ComposableArchitecture
import Testing

/// A row of a list: a toggle.
@Reducer
struct ToggleRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var isOn = false
  }

  enum Action: Equatable {
    case toggled
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.isOn.toggle()
      return .none
    }
  }
}

/// A list of toggles.
@Reducer
struct ToggleList {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<ToggleRow.State> = []
  }

  enum Action: Equatable {
    case removeFirst
    case rows(IdentifiedActionOf<ToggleRow>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .removeFirst = action { state.rows.removeFirst() }
      return .none
    }
    .forEach(\.rows, action: \.rows) {
      ToggleRow()
    }
  }
}

@MainActor
@Suite
struct StoreCollectionTests {
  let initialState = ToggleList.State(rows: [ToggleRow.State(id: 7), ToggleRow.State(id: 9)])

  @Test
  func scopingToACollectionGivesAStorePerRow() {
    let store = Store(initialState: initialState) { ToggleList() }
    let rows = store.scope(state: \.rows, action: \.rows)
    #expect(rows.map(\.id) == [7, 9])
    rows[1].send(.toggled)
    #expect(store.rows[id: 9]?.isOn == true)
    #expect(store.rows[id: 7]?.isOn == false)
    #expect(rows[1] === store.scope(state: \.rows, action: \.rows)[1])
  }

  @Test
  func scopingToOneRowByID() {
    let store = Store(initialState: initialState) { ToggleList() }
    let row = store.scope(state: \.rows[id: 7], action: \.rows[id: 7])
    row?.send(.toggled)
    #expect(store.rows[id: 7]?.isOn == true)
    store.send(.removeFirst)
    #expect(store.scope(state: \.rows[id: 7], action: \.rows[id: 7]) == nil)
  }

  @Test
  func aStoreScopedThroughANestedCaseKeyPathSendsEveryActionToItsCase() {
    // `\.rows[id: 7]` names a case inside the `rows` case's payload, not the `rows` case: the
    // store must keep embedding through it after its first send.
    let store = Store(initialState: initialState) { ToggleList() }
    let row = store.scope(state: \.rows[id: 7], action: \.rows[id: 7])
    for _ in 1...3 {
      row?.send(.toggled)
    }
    #expect(store.rows[id: 7]?.isOn == true)
    #expect(store.rows[id: 9]?.isOn == false)
  }

  @Test
  func aRemovedRowsStoreKeepsItsLastState() {
    let store = Store(initialState: initialState) { ToggleList() }
    let first = store.scope(state: \.rows, action: \.rows)[0]
    first.send(.toggled)
    // The last state is the one last read, as a view reads it (TCA's stores of optional state
    // remember it the same way).
    #expect(first.isOn == true)
    store.send(.removeFirst)
    #expect(first.isOn == true)
    #expect(store.scope(state: \.rows, action: \.rows).map(\.id) == [9])
  }
}

/// Stores are equal, hashed and identified by their identity, so a list of row stores is
/// iterated, deduplicated or keyed without an `id:` (TCA's `ForEach(store.scope(…))`).
@MainActor
struct StoreIdentityTests {
  /// What a list view asks of its items: that they are identifiable.
  private func identities<Items: RandomAccessCollection>(of items: Items) -> [Items.Element.ID]
  where Items.Element: Identifiable {
    items.map(\.id)
  }

  @Test
  func rowStoresAreIdentifiedByTheirIdentity() {
    let store = Store(
      initialState: ToggleList.State(rows: [ToggleRow.State(id: 7), ToggleRow.State(id: 9)])
    ) { ToggleList() }
    let rows = store.scope(state: \.rows, action: \.rows)
    let ids = identities(of: rows)
    #expect(ids == rows.map { ObjectIdentifier($0) })
    #expect(Set(ids).count == 2)
    // Scoped again, the same rows are the same stores: a list keeps its items.
    #expect(identities(of: store.scope(state: \.rows, action: \.rows)) == ids)
  }

  @Test
  func storesAreEqualOnlyToThemselves() {
    let first = Store(initialState: ToggleRow.State(id: 1)) { ToggleRow() }
    let second = Store(initialState: ToggleRow.State(id: 1)) { ToggleRow() }
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
    #expect([first: "first"][first] == "first")
    #expect([first: "first"][second] == nil)
  }
}

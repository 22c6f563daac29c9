import ComposableArchitecture
import Testing

/// A counter kept in collections of every kind TCA's observation knows.
@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }

  enum Action: Equatable {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// The same counter with state that is not observable.
@Reducer
private struct PlainTally {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct Board {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Tally.State> = [Tally.State(id: 1), Tally.State(id: 2)]
    var list: [Tally.State] = [Tally.State(id: 1), Tally.State(id: 2)]
    var path = StackState<Tally.State>([Tally.State(id: 1), Tally.State(id: 2)])
    var plainPath = StackState<PlainTally.State>([PlainTally.State()])
    var numbers = [1, 2]
  }

  enum Action: Equatable {
    case rows(IdentifiedActionOf<Tally>)
    case path(StackActionOf<Tally>)
    case plainPath(StackActionOf<PlainTally>)
    case incrementFirstOfList
    case appendToList
    case appendRow
    case swapRows
    case removeFirstRow
    case incrementFirstNumber
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows, .path, .plainPath:
        return .none
      case .incrementFirstOfList:
        state.list[0].count += 1
      case .appendToList:
        state.list.append(Tally.State(id: 3))
      case .appendRow:
        state.rows.append(Tally.State(id: 3))
      case .swapRows:
        state.rows.swapAt(0, 1)
      case .removeFirstRow:
        state.rows.removeFirst()
      case .incrementFirstNumber:
        state.numbers[0] += 1
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) {
      Tally()
    }
    .forEach(\.path, action: \.path) {
      Tally()
    }
    .forEach(\.plainPath, action: \.plainPath) {
      PlainTally()
    }
  }
}

/// TCA compares the identities of a collection's elements before and after an in-place
/// mutation: changing one element notifies observers of that element's fields, not observers of
/// the collection; adding, removing or reordering elements notifies both.
@MainActor
struct ObservationCollectionTests {
  @Test
  func changingOneRowDoesNotNotifyObserversOfTheRows() {
    let store = Store(initialState: Board.State()) { Board() }
    let firedForRows = observeChanges { _ = store.rows }
    let row = store.scope(state: \.rows, action: \.rows).first!
    let firedForCount = observeChanges { _ = row.count }
    store.send(.rows(.element(id: 1, action: .increment)))
    #expect(store.rows[id: 1]?.count == 1)
    #expect(firedForCount.value)
    #expect(!firedForRows.value)
  }

  @Test
  func addingRemovingOrReorderingRowsNotifiesObserversOfTheRows() {
    for action in [Board.Action.appendRow, .swapRows, .removeFirstRow] {
      let store = Store(initialState: Board.State()) { Board() }
      let fired = observeChanges { _ = store.rows }
      store.send(action)
      #expect(fired.value, "\(action)")
    }
  }

  @Test
  func changingOneElementOfAnArrayDoesNotNotifyObserversOfTheArray() {
    let store = Store(initialState: Board.State()) { Board() }
    let firedForList = observeChanges { _ = store.list }
    store.send(.incrementFirstOfList)
    #expect(store.list[0].count == 1)
    #expect(!firedForList.value)

    let firedAfterAppend = observeChanges { _ = store.list }
    store.send(.appendToList)
    #expect(firedAfterAppend.value)
  }

  @Test
  func changingOneStackElementDoesNotNotifyObserversOfThePath() {
    let store = Store(initialState: Board.State()) { Board() }
    let firedForPath = observeChanges { _ = store.path }
    store.send(.path(.element(id: 1, action: .increment)))
    #expect(store.path[id: 1]?.count == 1)
    #expect(!firedForPath.value)

    let firedForElement = observeChanges { _ = store.path[id: 1]?.count }
    store.send(.path(.element(id: 1, action: .increment)))
    #expect(firedForElement.value)

    let firedAfterPush = observeChanges { _ = store.path }
    store.send(.path(.push(id: 2, state: Tally.State(id: 3))))
    #expect(firedAfterPush.value)

    let firedAfterPop = observeChanges { _ = store.path }
    store.send(.path(.popFrom(id: 2)))
    #expect(firedAfterPop.value)
  }

  @Test
  func changingAStackElementThatIsNotObservableNotifiesObserversOfThePath() {
    let store = Store(initialState: Board.State()) { Board() }
    let id = store.plainPath.ids.first!
    // The stack's reducer records the elements it saw on its first action, a change of the stack.
    store.send(.plainPath(.element(id: id, action: .increment)))
    let fired = observeChanges { _ = store.plainPath }
    store.send(.plainPath(.element(id: id, action: .increment)))
    #expect(store.plainPath[id: id]?.count == 2)
    #expect(fired.value)
  }

  @Test
  func changingOnePlainElementNotifiesObserversOfTheArray() {
    let store = Store(initialState: Board.State()) { Board() }
    let fired = observeChanges { _ = store.numbers }
    store.send(.incrementFirstNumber)
    #expect(fired.value)
  }

  @Test
  func mutatingAnElementOfStateInPlaceDoesNotNotifyObserversOfTheCollection() {
    var state = Board.State()
    let firedForRows = observeChanges { _ = state.rows }
    let firedForList = observeChanges { _ = state.list }
    state.rows[id: 2]?.count += 1
    state.list[1].count += 1
    #expect(!firedForRows.value)
    #expect(!firedForList.value)
    state.rows[id: 2] = nil
    #expect(firedForRows.value)
    state.list.swapAt(0, 1)
    #expect(firedForList.value)
  }
}

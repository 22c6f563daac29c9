import ComposableArchitecture
import Testing

// This target is compiled with the main actor as its default isolation, as Xcode compiles a new
// project: every type below, and its conformances to the runtime's protocols, is isolated to
// the main actor. Written as such projects write features (docs/COMPATIBILITY.md): `Reducer<State,
// Action>` for the body (the compiler refuses `ReducerOf<Self>` there, with any library), a
// `nonisolated` cancellation id (an id must be `Sendable`), and destinations and paths as
// `@Reducer struct`s with an enum `State` (a `@Reducer enum` is refused there, as with TCA 1.25).

@Reducer
struct Row {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }

  enum Action {
    case incrementButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

@Reducer
struct Board {
  @Reducer
  struct Destination {
    @ObservableState
    enum State: Equatable {
      case row(Row.State)
      case alert(AlertState<Alert>)
    }

    enum Action {
      case row(Row.Action)
      case alert(Alert)
    }

    enum Alert {
      case confirm
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.row, action: \.row) { Row() }
    }
  }

  @Reducer
  struct Path {
    @ObservableState
    enum State: Equatable {
      case row(Row.State)
    }

    enum Action {
      case row(Row.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.row, action: \.row) { Row() }
    }
  }

  @ObservableState
  struct State: Equatable {
    var header = Row.State(id: 0)
    var rows: IdentifiedArrayOf<Row.State> = []
    @Presents var destination: Destination.State?
    var path = StackState<Path.State>()
    var title = ""
  }

  enum Action {
    case destination(PresentationAction<Destination.Action>)
    case header(Row.Action)
    case path(StackActionOf<Path>)
    case rows(IdentifiedActionOf<Row>)
    case rowTapped(Int)
    case titleChanged(String)
    case titleSaved
  }

  nonisolated enum CancelID {
    case save
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.header, action: \.header) { Row() }
    Reduce { state, action in
      switch action {
      case let .rowTapped(id):
        guard let row = state.rows[id: id] else { return .none }
        state.destination = .row(row)
        return .none
      case let .titleChanged(title):
        state.title = title
        return .run { send in await send(.titleSaved) }
          .cancellable(id: CancelID.save, cancelInFlight: true)
      case .titleSaved:
        state.destination = .alert(AlertState { TextState("Saved") })
        return .none
      case .destination, .header, .path, .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .forEach(\.path, action: \.path) { Path() }
  }
}

struct MainActorFeatureTests {
  @Test
  func aFeatureIsolatedToTheMainActorRunsItsChildrenEffectsAndNavigation() async {
    let store = TestStore(
      initialState: Board.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    ) {
      Board()
    }

    await store.send(\.header.incrementButtonTapped) { $0.header.count = 1 }
    await store.send(\.rows[id: 2].incrementButtonTapped) { $0.rows[id: 2]?.count = 1 }
    await store.send(.rowTapped(2)) { $0.destination = .row(Row.State(id: 2, count: 1)) }
    await store.send(\.destination.row.incrementButtonTapped) {
      $0.destination?.modify(\.row) { $0.count = 2 }
    }
    await store.send(\.path.push, (id: 0, .row(Row.State(id: 3)))) {
      $0.path[id: 0] = .row(Row.State(id: 3))
    }
    await store.send(\.path[id: 0].row.incrementButtonTapped) {
      $0.path[id: 0, case: \.row]?.count = 1
    }
    await store.send(.titleChanged("Plan")) { $0.title = "Plan" }
    await store.receive(\.titleSaved) {
      $0.destination = .alert(AlertState { TextState("Saved") })
    }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }

  @Test
  func observersOfAFieldAreToldOfItsChangesAndOnlyOfThem() {
    let store = Store(initialState: Board.State(rows: [Row.State(id: 1), Row.State(id: 2)])) {
      Board()
    }
    let rowStores = Array(store.scope(state: \.rows, action: \.rows))

    let firedForHeader = observeChanges { _ = store.header.count }
    let firedForTitle = observeChanges { _ = store.title }
    let firedForFirstRow = observeChanges { _ = rowStores[0].count }
    let firedForSecondRow = observeChanges { _ = rowStores[1].count }
    store.send(.header(.incrementButtonTapped))
    rowStores[1].send(.incrementButtonTapped)

    #expect(firedForHeader.value)
    #expect(!firedForTitle.value)
    #expect(!firedForFirstRow.value)
    #expect(firedForSecondRow.value)
    #expect(store.header.count == 1)
    #expect(rowStores[1].count == 1)
  }
}

/// Whether the values `apply` reads changed after it read them.
private func observeChanges(_ apply: () -> Void) -> LockIsolated<Bool> {
  let fired = LockIsolated(false)
  withObservationTracking {
    apply()
  } onChange: {
    fired.setValue(true)
  }
  return fired
}

import ComposableArchitecture

/// A counter: the smallest feature.
@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case incrementButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

/// Ten levels deep: `Level10` holds `Level9` … holds `Level1` holds `Counter`, each through
/// `Scope`.
@Reducer
struct Level1 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Counter.State()
  }
  enum Action {
    case child(Counter.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Counter() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level2 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level1.State()
  }
  enum Action {
    case child(Level1.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level1() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level3 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level2.State()
  }
  enum Action {
    case child(Level2.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level2() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level4 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level3.State()
  }
  enum Action {
    case child(Level3.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level3() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level5 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level4.State()
  }
  enum Action {
    case child(Level4.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level4() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level6 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level5.State()
  }
  enum Action {
    case child(Level5.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level5() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level7 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level6.State()
  }
  enum Action {
    case child(Level6.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level6() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level8 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level7.State()
  }
  enum Action {
    case child(Level7.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level7() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level9 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level8.State()
  }
  enum Action {
    case child(Level8.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level8() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

@Reducer
struct Level10 {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = Level9.State()
  }
  enum Action {
    case child(Level9.Action)
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Level9() }
    Reduce { state, action in
      if case .incrementButtonTapped = action { state.count += 1 }
      return .none
    }
  }
}

/// A row of a list.
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

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

/// A list of rows addressed by id.
@Reducer
struct Rows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = []
  }

  enum Action {
    case rows(IdentifiedActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) {
        Row()
      }
  }
}

/// A reducer that does nothing, composed a hundred times below.
@Reducer
struct Idle {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case tick
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
  }
}

/// A hundred reducers side by side, each returning `.none`.
@Reducer
struct FlatComposition {
  typealias State = Idle.State
  typealias Action = Idle.Action

  var body: some ReducerOf<Self> {
    for _ in 0..<100 {
      Idle()
    }
  }
}

/// A hundred reducers in ten groups of ten, each returning `.none`.
@Reducer
struct NestedComposition {
  typealias State = Idle.State
  typealias Action = Idle.Action

  var body: some ReducerOf<Self> {
    for _ in 0..<10 {
      CombineReducers {
        for _ in 0..<10 {
          Idle()
        }
      }
    }
  }
}

/// Long-running effects started and cancelled by id, and an effect that sends many actions.
@Reducer
struct Effects {
  @ObservableState
  struct State: Equatable {
    var received = 0
  }

  enum Action {
    case received
    case sendMany(Int)
    case start(Int)
    case stop(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .received:
        state.received += 1
        return .none
      case let .sendMany(count):
        return .run { send in
          for _ in 0..<count {
            await send(.received)
          }
        }
      case let .start(id):
        return .run { _ in try await Task.never() }
          .cancellable(id: id)
      case let .stop(id):
        return .cancel(id: id)
      }
    }
  }
}

/// A feature whose action sends a response back: one step of a test.
@Reducer
struct PingPong {
  @ObservableState
  struct State: Equatable {
    var pings = 0
    var pongs = 0
  }

  enum Action: Equatable {
    case ping
    case pong
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .ping:
        state.pings += 1
        return .send(.pong)
      case .pong:
        state.pongs += 1
        return .none
      }
    }
  }
}

/// Two fields: one mutated, one observed.
@Reducer
struct Observed {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var title = ""
  }

  enum Action {
    case incrementButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// A parent presenting a counter with `@Presents` and `ifLet`.
@Reducer
struct Presenting {
  @ObservableState
  struct State: Equatable {
    @Presents var counter: Counter.State?
  }

  enum Action {
    case counter(PresentationAction<Counter.Action>)
    case showCounterTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .showCounterTapped = action {
        state.counter = Counter.State()
      }
      return .none
    }
    .ifLet(\.$counter, action: \.counter) {
      Counter()
    }
  }
}

/// A parent presenting a row, whose state is `Identifiable` (as every row type is), with
/// `@Presents` and `ifLet`.
@Reducer
struct PresentingRow {
  @ObservableState
  struct State: Equatable {
    @Presents var row: Row.State?
  }

  enum Action {
    case row(PresentationAction<Row.Action>)
    case showRowTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .showRowTapped = action {
        state.row = Row.State(id: 1)
      }
      return .none
    }
    .ifLet(\.$row, action: \.row) {
      Row()
    }
  }
}

/// A counter whose count is shared state, in memory: ``Counter`` with `@Shared`.
@Reducer
struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
  }

  enum Action {
    case incrementButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      }
    }
  }
}

/// A navigation stack of rows, pushed and popped by their own actions.
@Reducer
struct Stacking {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Row.State>()
  }

  enum Action {
    case path(StackActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path) {
        Row()
      }
  }
}

/// The store of the counter at the bottom of ten scoped levels.
@MainActor
func deepestStore(of root: StoreOf<Level10>) -> StoreOf<Counter> {
  root
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
    .scope(state: \.child, action: \.child)
}

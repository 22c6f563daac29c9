import ComposableArchitecture

/// A parent presenting a child whose state is not `Identifiable`.
@Reducer
struct PlainPresenter {
  @ObservableState
  struct State: Equatable {
    @Presents var child: Counter.State? = Counter.State()
  }

  enum Action {
    case child(PresentationAction<Counter.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: \.child) { Counter() }
  }
}

/// A parent presenting a child whose state is `Identifiable`.
@Reducer
struct Presenter {
  @ObservableState
  struct State: Equatable {
    @Presents var child: Row.State? = Row.State(id: 7)
  }

  enum Action {
    case child(PresentationAction<Row.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: \.child) { Row() }
  }
}

/// A parent with a 10-deep navigation stack.
@Reducer
struct Stacker {
  @ObservableState
  struct State: Equatable {
    var path: StackState<Row.State>

    init(depth: Int = 10) {
      self.path = StackState((0..<depth).map { Row.State(id: $0) })
    }
  }

  enum Action {
    case path(StackActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path) { Row() }
  }
}

/// A parent with 1,000 rows.
@Reducer
struct Lister {
  @ObservableState
  struct State: Equatable {
    var rows = IdentifiedArray(uniqueElements: (0..<1_000).map { Row.State(id: $0) })
  }

  enum Action {
    case rows(IdentifiedActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { Row() }
  }
}

/// A parent with all of the above at once, as a screen of an app has: every action passes
/// through every navigation reducer.
@Reducer
struct Host {
  @ObservableState
  struct State: Equatable {
    @Presents var plain: Counter.State? = Counter.State()
    @Presents var identified: Row.State? = Row.State(id: 7)
    var path = StackState((0..<10).map { Row.State(id: $0) })
    var rows = IdentifiedArray(uniqueElements: (0..<1_000).map { Row.State(id: $0) })
  }

  enum Action {
    case plain(PresentationAction<Counter.Action>)
    case identified(PresentationAction<Row.Action>)
    case path(StackActionOf<Row>)
    case rows(IdentifiedActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$plain, action: \.plain) { Counter() }
      .ifLet(\.$identified, action: \.identified) { Row() }
      .forEach(\.path, action: \.path) { Row() }
      .forEach(\.rows, action: \.rows) { Row() }
  }
}

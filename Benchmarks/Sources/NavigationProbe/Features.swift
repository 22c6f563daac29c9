import ComposableArchitecture

/// The counter every probe sends to.
@Reducer
struct Tally {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }

  enum Action {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// A counter whose state is not `Identifiable`.
@Reducer
struct PlainTally {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// A parent presenting a child whose state is not `Identifiable`.
@Reducer
struct PlainPresenter {
  @ObservableState
  struct State: Equatable {
    @Presents var child: PlainTally.State? = PlainTally.State()
  }

  enum Action {
    case child(PresentationAction<PlainTally.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: \.child) { PlainTally() }
  }
}

/// A parent presenting a child whose state is `Identifiable`.
@Reducer
struct Presenter {
  @ObservableState
  struct State: Equatable {
    @Presents var child: Tally.State? = Tally.State(id: 7)
  }

  enum Action {
    case child(PresentationAction<Tally.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: \.child) { Tally() }
  }
}

/// A parent with a 10-deep navigation stack.
@Reducer
struct Stacker {
  @ObservableState
  struct State: Equatable {
    var path = StackState((0..<10).map { Tally.State(id: $0) })
  }

  enum Action {
    case path(StackActionOf<Tally>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path) { Tally() }
  }
}

/// A parent with 1,000 rows.
@Reducer
struct Lister {
  @ObservableState
  struct State: Equatable {
    var rows = IdentifiedArray(uniqueElements: (0..<1_000).map { Tally.State(id: $0) })
  }

  enum Action {
    case rows(IdentifiedActionOf<Tally>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { Tally() }
  }
}

/// A parent with all of the above at once, as a screen of an app has: every action passes
/// through every navigation reducer.
@Reducer
struct Host {
  @ObservableState
  struct State: Equatable {
    @Presents var plain: PlainTally.State? = PlainTally.State()
    @Presents var identified: Tally.State? = Tally.State(id: 7)
    var path = StackState((0..<10).map { Tally.State(id: $0) })
    var rows = IdentifiedArray(uniqueElements: (0..<1_000).map { Tally.State(id: $0) })
  }

  enum Action {
    case plain(PresentationAction<PlainTally.Action>)
    case identified(PresentationAction<Tally.Action>)
    case path(StackActionOf<Tally>)
    case rows(IdentifiedActionOf<Tally>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$plain, action: \.plain) { PlainTally() }
      .ifLet(\.$identified, action: \.identified) { Tally() }
      .forEach(\.path, action: \.path) { Tally() }
      .forEach(\.rows, action: \.rows) { Tally() }
  }
}

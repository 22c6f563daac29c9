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

/// A parent presenting a child, a stack of children and a list of rows.
@Reducer
struct Host {
  @ObservableState
  struct State: Equatable {
    @Presents var plain: PlainTally.State?
    @Presents var identified: Tally.State?
    var path = StackState<Tally.State>()
    var rows: IdentifiedArrayOf<Tally.State> = []
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

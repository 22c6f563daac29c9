import ComposableArchitecture
import Testing

/// A child that counts.
@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var value = 0
  }

  enum Action: Equatable {
    case add
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.value += 1
      return .none
    }
  }
}

/// A parent whose children are scoped with case key paths held in values, not written as
/// literals at the call.
@Reducer
private struct Board {
  @ObservableState
  struct State: Equatable {
    var main = Tally.State()
    var extra: Tally.State?
    var tallies: IdentifiedArrayOf<Tally.State> = []
    @Presents var sheet: Tally.State?
  }

  enum Action: Equatable {
    case main(Tally.Action)
    case extra(Tally.Action)
    case tallies(IdentifiedActionOf<Tally>)
    case sheet(PresentationAction<Tally.Action>)
  }

  static var toMain: CaseKeyPath<Action, Tally.Action> { \.main }

  var body: some ReducerOf<Self> {
    Scope(state: \.main, action: Self.toMain) {
      Tally()
    }
    EmptyReducer()
      .ifLet(\.extra, action: \.extra) {
        Tally()
      }
      .forEach(\.tallies, action: \.tallies) {
        Tally()
      }
      .ifLet(\.$sheet, action: \.sheet) {
        Tally()
      }
  }
}

/// A parent whose state is an enum, its case scoped with a case key path held in a value.
@Reducer
private struct Phase {
  @ObservableState
  enum State: Equatable {
    case counting(Tally.State)
    case done
  }

  enum Action: Equatable {
    case counting(Tally.Action)
  }

  static var toCounting: CaseKeyPath<Action, Tally.Action> { \.counting }

  var body: some ReducerOf<Self> {
    Scope(\.counting, action: Self.toCounting) {
      Tally()
    }
  }
}

/// `\.child` written at a call is a key path of the action's `AllCasePaths` (see
/// `_ReducerAction._$caseMembers`); a `CaseKeyPath` held in a value takes the case key path
/// overloads. Both must scope the same child.
@MainActor
@Suite
struct CaseKeyPathValueTests {
  @Test
  func scopeWithACaseKeyPathValueRunsTheChild() {
    let store = Store(initialState: Board.State()) { Board() }
    store.send(.main(.add))
    #expect(store.main.value == 1)
  }

  @Test
  func scopeOnAnEnumCaseWithACaseKeyPathValueRunsTheChild() {
    let store = Store(initialState: Phase.State.counting(Tally.State())) { Phase() }
    store.send(.counting(.add))
    #expect(store.withState { $0 } == .counting(Tally.State(value: 1)))
  }

  @Test
  func storeScopesWithACaseKeyPathValueSendToTheParent() {
    let store = Store(
      initialState: Board.State(extra: Tally.State(), tallies: [Tally.State(id: 7)])
    ) {
      Board()
    }
    let toMain: CaseKeyPath<Board.Action, Tally.Action> = \.main
    let toExtra: CaseKeyPath<Board.Action, Tally.Action> = \.extra
    let toTallies: CaseKeyPath<Board.Action, IdentifiedActionOf<Tally>> = \.tallies

    let main = store.scope(state: \.main, action: toMain)
    #expect(main === store.scope(state: \.main, action: toMain))
    main.send(.add)
    store.scope(\.main, action: toMain).send(.add)
    #expect(store.main.value == 2)

    store.scope(state: \.extra, action: toExtra)?.send(.add)
    store.scope(\.extra, action: toExtra)?.send(.add)
    #expect(store.extra?.value == 2)

    store.scope(state: \.tallies, action: toTallies).first?.send(.add)
    store.scope(\.tallies, action: toTallies).first?.send(.add)
    #expect(store.tallies[id: 7]?.value == 2)
  }

  @Test
  func aLiteralAndAValueScopeTheSameStore() {
    let store = Store(
      initialState: Board.State(extra: Tally.State(), sheet: Tally.State())
    ) {
      Board()
    }
    let literal = store.scope(state: \.main, action: \.main)
    let value = store.scope(state: \.main, action: Board.toMain)
    #expect(literal === value)
    literal.send(.add)
    value.send(.add)
    #expect(store.main.value == 2)

    let toExtra: CaseKeyPath<Board.Action, Tally.Action> = \.extra
    #expect(store.scope(state: \.extra, action: \.extra) === store.scope(\.extra, action: toExtra))

    let toSheet: CaseKeyPath<Board.Action, Tally.Action> = \.sheet.presented
    let sheet = store.scope(state: \.sheet, action: \.sheet.presented)
    #expect(sheet != nil)
    #expect(sheet === store.scope(state: \.sheet, action: toSheet))
    sheet?.send(.add)
    #expect(store.sheet?.value == 1)
  }

  /// `\.self` cannot be a key path of `AllCasePaths`: it scopes through the case key path
  /// overload, cached, not the deprecated closure one, which makes a store per call.
  @Test
  func theWholeStateAndActionScopeAsACachedStore() {
    let store = Store(initialState: Board.State()) { Board() }
    let whole = store.scope(state: \.self, action: \.self)
    #expect(whole === store.scope(state: \.self, action: \.self))
    whole.send(.main(.add))
    #expect(store.main.value == 1)
  }
}

/// A reducer written without `@Reducer`: its action is only `@CasePathable`, so its cases have
/// no generated switches and no positions.
private struct PlainBoard: Reducer {
  struct State: Equatable {
    var left = Tally.State()
    var right = Tally.State()
  }

  @CasePathable
  enum Action: Equatable {
    case left(Tally.Action)
    case right(Tally.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.left, action: \.left) { Tally() }
    Scope(state: \.right, action: \.right) { Tally() }
  }
}

@MainActor
@Suite
struct CasePathableOnlyScopeTests {
  @Test
  func aLiteralAndACaseKeyPathValueScopeTheSameStore() {
    let store = Store(initialState: PlainBoard.State()) { PlainBoard() }
    let literal = store.scope(state: \.right, action: \.right)
    let toRight: CaseKeyPath<PlainBoard.Action, Tally.Action> = \.right
    let value = store.scope(state: \.right, action: toRight)
    #expect(value === literal)
    #expect(store.scope(state: \.left, action: \.left) !== literal)
    value.send(.add)
    #expect(store.withState(\.right.value) == 1)
    #expect(store.withState(\.left.value) == 0)
  }
}

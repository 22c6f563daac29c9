import ComposableArchitecture
import Testing

// Code written before case key paths, with `AnyCasePath`s (`/Action.child`) and closure scopes:
// it compiles, with deprecation warnings, and runs as the case key path versions do. The
// declarations that use those operators are deprecated themselves, so that these tests build
// without warnings.

@Reducer
private struct Tally {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }

  enum Action: Equatable {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct Legacy {
  struct State: Equatable {
    var child: Tally.State?
    var rows: IdentifiedArrayOf<Tally.State> = []
    @PresentationState var sheet: Tally.State?
    var mode = Mode.tally(Tally.State())
    var path = StackState<Tally.State>()
    var scoped = Tally.State()
  }

  /// Not `CasePathable`: `/Mode.tally` needs nothing of the enum.
  enum Mode: Equatable {
    case tally(Tally.State)
    case idle
  }

  enum Action: Equatable {
    case child(Tally.Action)
    case row(id: Int, action: Tally.Action)
    case sheet(PresentationAction<Tally.Action>)
    case mode(Tally.Action)
    case path(StackAction<Tally.State, Tally.Action>)
    case scoped(Tally.Action)
  }

  @available(*, deprecated)
  var body: some ReducerOf<Self> {
    Scope(state: \.scoped, action: /Action.scoped) {
      Tally()
    }
    Scope(state: \.mode, action: /Action.mode) {
      Scope(state: /Mode.tally, action: /Tally.Action.self) {
        Tally()
      }
    }
    Reduce { _, _ in .none }
      .ifLet(\.child, action: /Action.child) {
        Tally()
      }
      .forEach(\.rows, action: /Action.row(id:action:)) {
        Tally()
      }
      .ifLet(\.$sheet, action: /Action.sheet) {
        Tally()
      }
      .forEach(\.path, action: /Action.path) {
        Tally()
      }
  }
}

@MainActor
struct DeprecatedOperatorTests {
  @available(*, deprecated)
  @Test
  func anyCasePathOperatorsRunTheirChildren() async {
    let store = TestStore(
      initialState: Legacy.State(
        child: Tally.State(), rows: [Tally.State(id: 7)], sheet: Tally.State(),
        path: StackState([Tally.State()]))
    ) {
      Legacy()
    }
    await store.send(.child(.increment)) {
      $0.child?.count = 1
    }
    await store.send(.row(id: 7, action: .increment)) {
      $0.rows[id: 7]?.count = 1
    }
    await store.send(.sheet(.presented(.increment))) {
      $0.sheet?.count = 1
    }
    await store.send(.path(.element(id: 0, action: .increment))) {
      $0.path[id: 0]?.count = 1
    }
    await store.send(.scoped(.increment)) {
      $0.scoped.count = 1
    }
    await store.send(.mode(.increment)) {
      $0.mode = .tally(Tally.State(count: 1))
    }
  }

  @available(*, deprecated)
  @Test
  func presentationStateIsReachedThroughAnAnyCasePath() {
    var state = PresentationState<Legacy.Mode>(wrappedValue: .tally(Tally.State()))
    state[case: /Legacy.Mode.tally]?.count = 3
    #expect(state.wrappedValue == .tally(Tally.State(count: 3)))
    #expect(state[case: /Legacy.Mode.idle] == nil)
  }

  @available(*, deprecated)
  @Test
  func aStackElementIsReachedThroughAnAnyCasePath() {
    var stack = StackState<Legacy.Mode>([.tally(Tally.State()), .idle])
    stack[id: 0, case: /Legacy.Mode.tally]?.count += 1
    #expect(stack[id: 0] == .tally(Tally.State(count: 1)))
    #expect(stack[id: 1, case: /Legacy.Mode.tally] == nil)
    stack[id: 0, case: /Legacy.Mode.tally] = nil
    #expect(Array(stack.ids) == [1])
  }

  @available(*, deprecated)
  @Test
  func aClosureScopeSeesTheParentsStateAndSendsThroughIt() {
    let store = Store(initialState: Legacy.State()) { Legacy() }
    let scoped = store.scope(state: { $0.scoped.count }, action: { Legacy.Action.scoped($0) })
    #expect(scoped.withState { $0 } == 0)
    scoped.send(.increment)
    #expect(scoped.withState { $0 } == 1)
    #expect(store.withState(\.scoped.count) == 1)
  }

  @available(*, deprecated)
  @Test
  func aClosureScopeComputesItsStateOnlyWhenItIsRead() {
    let calls = LockIsolated(0)
    let store = Store(initialState: Legacy.State()) { Legacy() }
    let scoped = store.scope(
      state: { state -> Int in
        calls.withValue { $0 += 1 }
        return state.scoped.count
      },
      action: { Legacy.Action.scoped($0) })
    scoped.send(.increment)
    #expect(calls.value == 0)
    #expect(scoped.withState { $0 } == 1)
    #expect(calls.value == 1)
  }
}

/// Enum state that is not `CasePathable`, with an alert reached through an `AnyCasePath`.
@Reducer
private struct LegacyModes {
  enum State: Equatable {
    case tally(Tally.State)
    case alerting(AlertState<AlertAction>?)
  }

  enum AlertAction: Equatable {
    case ok
  }

  enum Action: Equatable {
    case tally(Tally.Action)
    case alert(AlertAction)
    case showAlert
  }

  @available(*, deprecated)
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case .showAlert = action else { return .none }
      state = .alerting(AlertState { TextState("Hi") })
      return .none
    }
    .ifCaseLet(/State.tally, action: /Action.tally) {
      Tally()
    }
    .ifCaseLet(/State.alerting, action: /Action.alert) {
      EmptyReducer()
        .ifLet(\.self, action: /AlertAction.self)
    }
  }
}

@MainActor
struct DeprecatedCaseOperatorTests {
  @available(*, deprecated)
  @Test
  func ifCaseLetRunsTheCaseOfStateThatIsNotCasePathable() async {
    let store = TestStore(initialState: LegacyModes.State.tally(Tally.State())) {
      LegacyModes()
    }
    await store.send(.tally(.increment)) {
      $0 = .tally(Tally.State(count: 1))
    }
  }

  @available(*, deprecated)
  @Test
  func ifLetWithoutAChildReducerClearsAnAlertThroughAnAnyCasePath() async {
    let store = TestStore(initialState: LegacyModes.State.tally(Tally.State())) {
      LegacyModes()
    }
    await store.send(.showAlert) {
      $0 = .alerting(AlertState { TextState("Hi") })
    }
    await store.send(.alert(.ok)) {
      $0 = .alerting(nil)
    }
  }
}

/// A presented alert integrated as TCA 1.0 wrote it: `.ifLet(\.$alert, action: /Action.alert)`,
/// with no reducer for the alert.
@Reducer
private struct LegacyAlert {
  struct State: Equatable {
    @PresentationState var alert: AlertState<Action.Alert>?
    var confirmed = false
  }

  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case endTapped

    enum Alert: Equatable {
      case confirmEnd
    }
  }

  @available(*, deprecated)
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .endTapped:
        state.alert = AlertState { TextState("End?") }
        return .none
      case .alert(.presented(.confirmEnd)):
        state.confirmed = true
        return .none
      case .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: /Action.alert)
  }
}

@MainActor
struct DeprecatedPresentationOperatorTests {
  @available(*, deprecated)
  @Test
  func anAlertPresentedThroughAnAnyCasePathIsDismissedByItsButton() async {
    let store = TestStore(initialState: LegacyAlert.State()) {
      LegacyAlert()
    }
    await store.send(.endTapped) {
      $0.alert = AlertState { TextState("End?") }
    }
    await store.send(.alert(.presented(.confirmEnd))) {
      $0.alert = nil
      $0.confirmed = true
    }
    await store.send(.endTapped) {
      $0.alert = AlertState { TextState("End?") }
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }
}

/// A child that ticks once a second until cancelled.
@Reducer
private struct Ticker {
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable {
    case start
    case tick
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// Two cases of the same child, reached through `AnyCasePath`s, in a reducer written without
/// `@Reducer`, so that its body (and the case paths in it) is built again for every action.
private struct TwoTickers: Reducer {
  enum State: Equatable {
    case first(Ticker.State)
    case second(Ticker.State)
  }

  enum Action: Equatable {
    case first(Ticker.Action)
    case second(Ticker.Action)
    case showSecond
  }

  @available(*, deprecated)
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case .showSecond = action else { return .none }
      state = .second(Ticker.State())
      return .none
    }
    .ifCaseLet(/State.first, action: /Action.first) {
      Ticker()
    }
    .ifCaseLet(/State.second, action: /Action.second) {
      Ticker()
    }
  }
}

@MainActor
struct DeprecatedCaseEffectTests {
  @available(*, deprecated)
  @Test
  func leavingACaseReachedThroughAnAnyCasePathCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoTickers.State.first(Ticker.State())) {
      TwoTickers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.first(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(.first(.tick)) {
      $0 = .first(Ticker.State(ticks: 1))
    }
    await store.send(.showSecond) {
      $0 = .second(Ticker.State())
    }
    // The first case's timer was cancelled with it: the test ends with no effect running.
    await clock.advance(by: .seconds(1))
  }

  @available(*, deprecated)
  @Test
  func theCaseThatStaysKeepsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoTickers.State.first(Ticker.State())) {
      TwoTickers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let timer = await store.send(.first(.start))
    await clock.advance(by: .seconds(2))
    await store.receive(.first(.tick)) {
      $0 = .first(Ticker.State(ticks: 1))
    }
    await store.receive(.first(.tick)) {
      $0 = .first(Ticker.State(ticks: 2))
    }
    await timer.cancel()
  }
}

// `@Reducer(state:action:)`, deprecated in favour of extensions: it still synthesizes the
// conformances it is given.

@available(*, deprecated)
@Reducer(state: .equatable, action: .equatable)
private enum SynthesizedScreen {
  case tally(Tally)
}

@MainActor
struct DeprecatedSynthesizedConformanceTests {
  @available(*, deprecated)
  @Test
  func theGeneratedStateAndActionConformToWhatTheMacroIsGiven() {
    let state = SynthesizedScreen.State.tally(Tally.State(count: 1))
    #expect(state == .tally(Tally.State(count: 1)))
    #expect(state != .tally(Tally.State(count: 2)))
    #expect(SynthesizedScreen.Action.tally(.increment) == .tally(.increment))
  }
}

// `BindingReducer(action:)` with a closure, deprecated in favour of a case key path.

@available(*, deprecated)
@Reducer
private struct ClosureBoundForm {
  @ObservableState
  struct State: Equatable {
    var name = ""
  }

  enum Action: ViewAction {
    case view(View)

    @CasePathable
    enum View: BindableAction {
      case binding(BindingAction<State>)
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: { $0[case: \.view] })
  }
}

@MainActor
struct DeprecatedBindingReducerTests {
  @available(*, deprecated)
  @Test
  func aClosureToTheViewsActionsAppliesTheirBindings() async {
    let store = TestStore(initialState: ClosureBoundForm.State()) { ClosureBoundForm() }
    await store.send(.view(.binding(.set(\.name, "Blob")))) {
      $0.name = "Blob"
    }
  }
}

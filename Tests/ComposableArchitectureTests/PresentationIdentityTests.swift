import ComposableArchitecture
import Testing

/// A ticking child whose state is plain (not observable) and identified by `id`.
@Reducer
struct IdentifiedTicker {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
  }

  enum Action: Equatable {
    case start
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// The same ticker with observable state.
@Reducer
struct ObservedTicker {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id: Int
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
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
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

/// Presents tickers, replaces them, and takes them away from a reducer after its `ifLet`.
@Reducer
struct TickerHost {
  @ObservableState
  struct State: Equatable {
    @Presents var plain: IdentifiedTicker.State?
    @Presents var observed: ObservedTicker.State?
  }

  enum Action: Equatable {
    case observed(PresentationAction<ObservedTicker.Action>)
    case plain(PresentationAction<IdentifiedTicker.Action>)
    case replacePlain(id: Int)
    case replaceObserved(id: Int)
    case removeElsewhere
    case refresh
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .observed, .plain, .refresh, .removeElsewhere:
        return .none
      case let .replacePlain(id):
        state.plain = IdentifiedTicker.State(id: id)
        return .none
      case let .replaceObserved(id):
        state.observed = ObservedTicker.State(id: id)
        return .none
      }
    }
    .ifLet(\.$plain, action: \.plain) { IdentifiedTicker() }
    .ifLet(\.$observed, action: \.observed) { ObservedTicker() }
    Reduce { state, action in
      if case .removeElsewhere = action {
        state.plain = nil
      }
      return .none
    }
  }
}

/// Presents an observable ticker and, on its second tick, puts new presentation state in its
/// place (`$ticker = …`), which also forgets which child the `ifLet` saw presented.
@Reducer
struct ResettingTickerHost {
  @ObservableState
  struct State: Equatable {
    @Presents var ticker: ObservedTicker.State? = ObservedTicker.State(id: 1)
  }

  enum Action: Equatable {
    case ticker(PresentationAction<ObservedTicker.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .ticker(.presented(.tick)) = action, state.ticker?.ticks == 2 {
        state.$ticker = PresentationState(wrappedValue: ObservedTicker.State(id: 2))
      }
      return .none
    }
    .ifLet(\.$ticker, action: \.ticker) { ObservedTicker() }
  }
}

/// A feature whose state is an enum, running a ticker in one case with `ifCaseLet`.
@Reducer
struct TickerSwitch {
  @CasePathable
  enum State: Equatable {
    case idle
    case ticking(IdentifiedTicker.State)
  }

  enum Action: Equatable {
    case stopTapped
    case ticking(IdentifiedTicker.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .stopTapped:
        state = .idle
        return .none
      case .ticking:
        return .none
      }
    }
    .ifCaseLet(\.ticking, action: \.ticking) {
      IdentifiedTicker()
    }
  }
}

/// A hand-written destination enum (no `@Reducer`) with an alert case and a feature case.
@Reducer
struct HandWrittenDestination {
  @CasePathable
  enum State: Equatable {
    case alert(AlertState<Action.Alert>)
    case ticker(IdentifiedTicker.State)
  }

  @CasePathable
  enum Action: Equatable {
    case alert(Alert)
    case ticker(IdentifiedTicker.Action)

    enum Alert: Equatable { case confirm }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.ticker, action: \.ticker) {
      IdentifiedTicker()
    }
  }
}

/// Presents a ``HandWrittenDestination``.
@Reducer
struct HandWrittenHost {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: HandWrittenDestination.State?
    @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
    var confirmed = 0
  }

  enum Action: Equatable {
    case destination(PresentationAction<HandWrittenDestination.Action>)
    case dialog(PresentationAction<Dialog>)

    enum Dialog: Equatable { case choose }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.confirm))), .dialog(.presented(.choose)):
        state.confirmed += 1
        return .none
      case .destination, .dialog:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { HandWrittenDestination() }
    .ifLet(\.$dialog, action: \.dialog)
  }
}

@MainActor
@Suite
struct PresentationIdentityTests {
  @Test
  func replacingAChildWithAnotherIDCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.replacePlain(id: 1)) {
      $0.plain = IdentifiedTicker.State(id: 1)
    }
    await store.send(.plain(.presented(.start)))
    await store.send(.replacePlain(id: 2)) {
      $0.plain = IdentifiedTicker.State(id: 2)
    }
    // The first ticker's timer went with it.
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test
  func replacingAChildWithOneOfTheSameIDKeepsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.replaceObserved(id: 1)) {
      $0.observed = ObservedTicker.State(id: 1)
    }
    await store.send(.observed(.presented(.start)))
    await store.send(.replaceObserved(id: 1))
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.observed(.presented(.tick))) {
      $0.observed?.ticks = 1
    }
    await store.send(.observed(.dismiss)) {
      $0.observed = nil
    }
    await store.finish()
  }

  @Test
  func aChildRemovedByAnotherReducerHasItsEffectsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State(plain: IdentifiedTicker.State(id: 1))) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.plain(.presented(.start)))
    await store.send(.removeElsewhere) {
      $0.plain = nil
    }
    // The `ifLet` notices the removal on the next action it runs.
    await store.send(.refresh)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test
  func aChildReplacedWithNewPresentationStateDuringItsOwnActionHasItsEffectsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: ResettingTickerHost.State()) {
      ResettingTickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticker(.presented(.start)))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.presented(.tick))) {
      $0.ticker?.ticks = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.presented(.tick))) {
      $0.ticker = ObservedTicker.State(id: 2)
    }
    // The first ticker's timer went with it: no third tick.
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test
  func ifCaseLetCancelsTheCasesEffectsWhenTheStateLeavesTheCase() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerSwitch.State.ticking(IdentifiedTicker.State(id: 1))) {
      TickerSwitch()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticking(.start))
    await store.send(.stopTapped) {
      $0 = .idle
    }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test
  func anAlertCaseOfAHandWrittenDestinationIsDismissedAfterItsAction() async {
    let alert = AlertState<HandWrittenDestination.Action.Alert> {
      TextState("Sure?")
    } actions: {
      ButtonState(action: .confirm) { TextState("Yes") }
    }
    let store = TestStore(
      initialState: HandWrittenHost.State(destination: .alert(alert))
    ) {
      HandWrittenHost()
    }
    await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.confirmed = 1
      $0.destination = nil
    }
  }

  @Test
  func aConfirmationDialogIsDismissedAfterItsAction() async {
    let dialog = ConfirmationDialogState<HandWrittenHost.Action.Dialog> {
      TextState("Pick")
    } actions: {
      ButtonState(action: .choose) { TextState("This one") }
    }
    let store = TestStore(initialState: HandWrittenHost.State(dialog: dialog)) {
      HandWrittenHost()
    }
    await store.send(.dialog(.presented(.choose))) {
      $0.confirmed = 1
      $0.dialog = nil
    }
  }

  @Test
  func aFeatureCaseOfAHandWrittenDestinationStaysAfterItsAction() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: HandWrittenHost.State(destination: .ticker(IdentifiedTicker.State(id: 1)))
    ) {
      HandWrittenHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.destination(.presented(.ticker(.start))))
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }
}

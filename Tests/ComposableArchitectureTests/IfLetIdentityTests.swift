import Clocks
import ComposableArchitecture
import Testing

/// A child that answers each `tap` with its `id` after a second.
@Reducer
struct IdentifiedTimer {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id: Int
    var answer = 0
  }

  enum Action: Equatable {
    case tap
    case answered(Int)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tap:
        return .run { [id = state.id, clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.answered(id))
        }
      case let .answered(id):
        state.answer = id
        return .none
      }
    }
  }
}

/// ``IdentifiedTimer`` with state that is not observable, told apart by its `id` alone.
@Reducer
struct PlainIdentifiedTimer {
  struct State: Equatable, Identifiable {
    let id: Int
    var answer = 0
  }

  typealias Action = IdentifiedTimer.Action

  var body: some ReducerOf<Self> {
    Scope(state: \.observable, action: \.self) { IdentifiedTimer() }
  }
}

extension PlainIdentifiedTimer.State {
  fileprivate var observable: IdentifiedTimer.State {
    get { IdentifiedTimer.State(id: self.id, answer: self.answer) }
    set { self.answer = newValue.answer }
  }
}

/// Two ``IdentifiedTimer`` screens told apart by their case.
@Reducer
enum TimerMode {
  case first(IdentifiedTimer)
  case second(IdentifiedTimer)
}

extension TimerMode.State: Equatable {}
extension TimerMode.Action: Equatable {}

/// Holds an optional ``IdentifiedTimer`` (and a ``PlainIdentifiedTimer``, and a ``TimerMode``)
/// run by a plain `ifLet`, and replaces each with a child of another `id` (or case), or of the
/// same one, or changes the timer's `id` in place.
@Reducer
struct TimerHolder {
  @ObservableState
  struct State: Equatable {
    var timer: IdentifiedTimer.State?
    var plain: PlainIdentifiedTimer.State?
    var mode: TimerMode.State?
  }

  enum Action: Equatable {
    case timer(IdentifiedTimer.Action)
    case plain(PlainIdentifiedTimer.Action)
    case mode(TimerMode.Action)
    case replaced(id: Int)
    case renumbered(id: Int)
    case switchedMode
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .replaced(id):
        state.timer = state.timer.map { _ in IdentifiedTimer.State(id: id) }
        state.plain = state.plain.map { _ in PlainIdentifiedTimer.State(id: id) }
      case let .renumbered(id):
        state.timer?.id = id
      case .switchedMode:
        state.mode = .second(IdentifiedTimer.State(id: 1))
      case .timer, .plain, .mode:
        break
      }
      return .none
    }
    .ifLet(\.timer, action: \.timer) { IdentifiedTimer() }
    .ifLet(\.plain, action: \.plain) { PlainIdentifiedTimer() }
    .ifLet(\.mode, action: \.mode) { TimerMode.body }
  }
}

/// As in TCA, a plain `ifLet` cancels a child's effects when its parent puts a child of another
/// identity in its place, not only when it sets the child to `nil`.
@MainActor
@Suite
struct IfLetIdentityTests {
  /// A test store of a ``TimerHolder`` in `state`, and the clock its timers sleep on.
  private func timerHolder(
    _ state: TimerHolder.State
  ) -> (TestStoreOf<TimerHolder>, TestClock<Duration>) {
    let clock = TestClock()
    let store = TestStore(initialState: state) {
      TimerHolder()
    } withDependencies: {
      $0.continuousClock = clock
    }
    return (store, clock)
  }

  @Test
  func anotherChildInThePlaceOfTheFirstEndsTheFirstOnesEffects() async {
    let (store, clock) = timerHolder(
      TimerHolder.State(
        timer: IdentifiedTimer.State(id: 1), plain: PlainIdentifiedTimer.State(id: 1)))
    await store.send(.timer(.tap))
    await store.send(.plain(.tap))
    await store.send(.replaced(id: 2)) {
      $0.timer = IdentifiedTimer.State(id: 2)
      $0.plain = PlainIdentifiedTimer.State(id: 2)
    }
    await store.send(.timer(.tap))
    await store.send(.plain(.tap))
    await clock.advance(by: .seconds(1))
    // Only the second children's answers arrive, observable state or not.
    await store.receive(.timer(.answered(2))) {
      $0.timer?.answer = 2
    }
    await store.receive(.plain(.answered(2))) {
      $0.plain?.answer = 2
    }
  }

  @Test
  func aNewValueOfTheSameChildKeepsItsEffects() async {
    let (store, clock) = timerHolder(TimerHolder.State(timer: IdentifiedTimer.State(id: 1)))
    await store.send(.timer(.tap))
    await store.send(.replaced(id: 1))
    await clock.advance(by: .seconds(1))
    await store.receive(.timer(.answered(1))) {
      $0.timer?.answer = 1
    }
  }

  @Test
  func anIDChangedInPlaceMakesAnotherChild() async {
    let (store, clock) = timerHolder(TimerHolder.State(timer: IdentifiedTimer.State(id: 1)))
    await store.send(.timer(.tap))
    await store.send(.renumbered(id: 2)) {
      $0.timer?.id = 2
    }
    await clock.advance(by: .seconds(1))
  }

  @Test
  func anotherCaseOfEnumStateEndsTheFirstCasesEffects() async {
    let (store, clock) = timerHolder(TimerHolder.State(mode: .first(IdentifiedTimer.State(id: 1))))
    await store.send(.mode(.first(.tap)))
    await store.send(.switchedMode) {
      $0.mode = .second(IdentifiedTimer.State(id: 1))
    }
    await store.send(.mode(.second(.tap)))
    await clock.advance(by: .seconds(1))
    await store.receive(.mode(.second(.answered(1)))) {
      $0.mode = .second(IdentifiedTimer.State(id: 1, answer: 1))
    }
  }
}

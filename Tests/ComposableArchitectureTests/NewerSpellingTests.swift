import ComposableArchitecture
import Testing

/// A feature written with the spellings of TCA's later migration guides: a store's initial
/// action (1.19), `SendOf` and the `onChange` operator whose closure returns an effect (1.25).
@Reducer
private struct Thermostat {
  @ObservableState
  struct State: Equatable {
    var isInitialized = false
    var target = 20
    var saved: [Int] = []
    var changes: [String] = []
  }

  enum Action: Equatable {
    case initialize
    case setTarget(Int)
    case saved(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .initialize:
        state.isInitialized = true
        return .none
      case let .setTarget(target):
        state.target = target
        return .none
      case let .saved(target):
        state.saved.append(target)
        return .none
      }
    }
    .onChange(of: \.target) { oldValue, state in
      state.changes.append("\(oldValue)->\(state.target)")
      return .run { [newValue = state.target] send in
        await self.save(newValue, send)
      }
    }
  }

  func save(_ target: Int, _ send: SendOf<Self>) async {
    await send(.saved(target))
  }
}

@MainActor
struct NewerSpellingTests {
  @Test
  func aStoresInitialActionIsSentWhenItIsMade() {
    let store = Store(initialState: Thermostat.State(), initialAction: .initialize) {
      Thermostat()
    }
    #expect(store.isInitialized)
  }

  @Test
  func theInitialActionsEffectsStart() async {
    let store = Store(initialState: Thermostat.State(), initialAction: .setTarget(22)) {
      Thermostat()
    }
    #expect(store.target == 22)
    for _ in 0..<1_000 where store.saved.isEmpty {
      await Task.yield()
    }
    #expect(store.saved == [22])
  }

  @Test
  func onChangeRunsItsEffectWithTheOldValueAndTheNewState() async {
    let store = TestStore(initialState: Thermostat.State()) { Thermostat() }
    await store.send(.setTarget(21)) {
      $0.target = 21
      $0.changes = ["20->21"]
    }
    await store.receive(.saved(21)) {
      $0.saved = [21]
    }
    // The same value: no change, no effect.
    await store.send(.setTarget(21))
  }

  @Test
  func onChangeCanJudgeDuplicatesItself() async {
    let store = TestStore(initialState: Thermostat.State()) {
      Thermostat()
        .onChange(of: \.target, removeDuplicates: { abs($0 - $1) < 2 }) { oldValue, state in
          state.changes.append("big \(oldValue)->\(state.target)")
          return .none
        }
    }
    await store.send(.setTarget(21)) {
      $0.target = 21
      $0.changes = ["20->21"]
    }
    await store.receive(.saved(21)) {
      $0.saved = [21]
    }
    await store.send(.setTarget(25)) {
      $0.target = 25
      $0.changes = ["20->21", "21->25", "big 21->25"]
    }
    await store.receive(.saved(25)) {
      $0.saved = [21, 25]
    }
  }
}

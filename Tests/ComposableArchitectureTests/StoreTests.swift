import ComposableArchitecture
import Testing

// MARK: - Features

@Reducer
struct StoreCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var label = "counter"
  }

  enum Action: Equatable {
    case increment
    case decrement
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .decrement:
        state.count -= 1
        return .none
      }
    }
  }
}

/// Records the order in which the store processes actions sent by synchronous effects.
@Reducer
struct BufferingFeature {
  @ObservableState
  struct State: Equatable {
    var order: [String] = []
  }

  enum Action: Equatable {
    case a, b, c, d
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .a:
        state.order.append("a")
        return .merge(.send(.b), .send(.c))
      case .b:
        state.order.append("b")
        return .send(.d)
      case .c:
        state.order.append("c")
        return .none
      case .d:
        state.order.append("d")
        return .none
      }
    }
  }
}

/// An effect that answers after one second of the injected clock.
@Reducer
struct SlowLoader {
  @ObservableState
  struct State: Equatable {
    var value: Int?
  }

  enum Action: Equatable {
    case load
    case loaded(Int)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.loaded(42))
        }
      case let .loaded(value):
        state.value = value
        return .none
      }
    }
  }
}

@Reducer
struct StoreChild {
  @ObservableState
  struct State: Equatable {
    var value = 0
  }

  enum Action: Equatable {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.value += 1
      return .none
    }
  }
}

@Reducer
struct StoreParent {
  @ObservableState
  struct State: Equatable {
    var child = StoreChild.State()
    var optionalChild: StoreChild.State?
    var received: [String] = []
  }

  enum Action: Equatable {
    case child(StoreChild.Action)
    case optionalChild(StoreChild.Action)
    case incrementChildFromParent
    case toggleOptionalChild
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      StoreChild()
    }
    Reduce { state, action in
      switch action {
      case .child(.increment):
        state.received.append("child.increment, value \(state.child.value)")
        return .none
      case .optionalChild:
        return .none
      case .incrementChildFromParent:
        state.child.value += 10
        return .none
      case .toggleOptionalChild:
        state.optionalChild = state.optionalChild == nil ? StoreChild.State(value: 5) : nil
        return .none
      }
    }
    .ifLet(\.optionalChild, action: \.optionalChild) {
      StoreChild()
    }
  }
}

// MARK: - Tests

@MainActor
@Suite
struct StoreTests {
  @Test
  func sendUpdatesState() {
    let store = Store(initialState: StoreCounter.State()) { StoreCounter() }
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.state == StoreCounter.State(count: 1, label: "counter"))
  }

  @Test
  func actionsSentBySynchronousEffectsAreBufferedAndProcessedInOrder() {
    let store = Store(initialState: BufferingFeature.State()) { BufferingFeature() }
    store.send(.a)
    #expect(store.order == ["a", "b", "c", "d"])
  }

  @Test
  func storeTaskFinishWaitsForTheEffectsOfTheAction() async {
    let clock = TestClock()
    let store = Store(initialState: SlowLoader.State()) {
      SlowLoader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.load)
    #expect(task.rawValue != nil)
    #expect(store.value == nil)

    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.value == 42)
  }

  @Test
  func storeTaskCancelRightAfterSendCancelsTheEffectsOfTheAction() async {
    let clock = TestClock()
    let store = Store(initialState: SlowLoader.State()) {
      SlowLoader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.load)
    #expect(!task.isCancelled)
    task.cancel()
    #expect(task.isCancelled)

    // Had the effect not been cancelled, it would answer once the clock passes one second.
    await clock.advance(by: .seconds(2))
    await task.finish()
    for _ in 0..<100 { await Task.yield() }
    #expect(store.value == nil)
  }

  @Test
  func storeTaskCancelCancelsEffectsTheTaskIsAlreadyWaitingFor() async {
    let clock = TestClock()
    let store = Store(initialState: SlowLoader.State()) {
      SlowLoader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.load)
    // Let the effect start, and the store task start waiting for it, as happens in an app
    // before anyone cancels it.
    await waitForSleep(on: clock)
    task.cancel()

    // Had the effect been cancelled, advancing the clock would not deliver its response.
    await clock.advance(by: .seconds(2))
    for _ in 0..<100 { await Task.yield() }
    #expect(store.value == nil)

    await task.finish()
  }

  @Test
  func scopeReturnsTheSameCachedStoreForTheSameKeyPaths() {
    let store = Store(initialState: StoreParent.State()) { StoreParent() }
    let first = store.scope(state: \.child, action: \.child)
    let second = store.scope(state: \.child, action: \.child)
    #expect(first === second)
  }

  @Test
  func scopedStoreAlwaysSeesTheCurrentParentState() {
    let store = Store(initialState: StoreParent.State()) { StoreParent() }
    let child = store.scope(state: \.child, action: \.child)
    #expect(child.value == 0)
    store.send(.incrementChildFromParent)
    #expect(child.value == 10)
    store.send(.child(.increment))
    #expect(child.value == 11)
    #expect(child.state == store.child)
  }

  @Test
  func sendingThroughAScopedStoreRunsTheParentReducer() {
    let store = Store(initialState: StoreParent.State()) { StoreParent() }
    let child = store.scope(state: \.child, action: \.child)
    child.send(.increment)
    #expect(store.child.value == 1)
    #expect(store.received == ["child.increment, value 1"])
  }

  @Test
  func optionalScopeIsNilWhileTheStateIsNilAndAStoreWhilePresent() throws {
    let store = Store(initialState: StoreParent.State()) { StoreParent() }
    let absent: StoreOf<StoreChild>? = store.scope(state: \.optionalChild, action: \.optionalChild)
    #expect(absent == nil)

    store.send(.toggleOptionalChild)
    let present: StoreOf<StoreChild> = try #require(
      store.scope(state: \.optionalChild, action: \.optionalChild)
    )
    #expect(present.value == 5)
    present.send(.increment)
    #expect(store.optionalChild?.value == 6)
    #expect(present.value == 6)

    store.send(.toggleOptionalChild)
    let dismissed: StoreOf<StoreChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild)
    #expect(dismissed == nil)
  }

  @Test
  func withStateHandsTheCurrentStateToTheClosure() {
    let store = Store(initialState: StoreCounter.State()) { StoreCounter() }
    #expect(store.withState(\.count) == 0)
    store.send(.increment)
    #expect(store.withState(\.count) == 1)
    #expect(store.withState { "\($0.label): \($0.count)" } == "counter: 1")
  }

  @Test
  func dynamicMemberLookupReadsFieldsOfTheCurrentState() {
    let store = Store(initialState: StoreParent.State()) { StoreParent() }
    store.send(.child(.increment))
    #expect(store.child.value == 1)
    #expect(store.received.count == 1)
    #expect(store.optionalChild == nil)
  }
}

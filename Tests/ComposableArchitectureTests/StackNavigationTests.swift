import ComposableArchitecture
import Testing

/// A screen of a navigation stack: a counter with a timer.
@Reducer
struct StackScreen {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case startTimer
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .startTimer:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .tick:
        state.count += 1
        return .none
      }
    }
  }
}

/// A root feature driving a stack of screens.
@Reducer
struct StackRoot {
  @ObservableState
  struct State: Equatable {
    var path = StackState<StackScreen.State>()
    var log: [String] = []
  }

  enum Action: Equatable {
    case clearElsewhere
    case path(StackActionOf<StackScreen>)
    case pushScreenTapped
    /// Pushes two screens from an effect.
    case pushTwiceLater
    case refresh
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .path(.popFrom(id)):
        state.log.append("popping \(id)")
        return .none
      case .clearElsewhere, .path, .refresh:
        return .none
      case .pushScreenTapped:
        state.path.append(StackScreen.State())
        return .none
      case .pushTwiceLater:
        return .run { send in
          await send(.pushScreenTapped)
          await send(.pushScreenTapped)
        }
      }
    }
    .forEach(\.path, action: \.path) {
      StackScreen()
    }
    Reduce { state, action in
      if case .clearElsewhere = action {
        state.path.removeAll()
      }
      return .none
    }
  }
}

@MainActor
@Suite
struct StackNavigationTests {
  @Test
  func pushedElementsGetDeterministicIDs() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.pushScreenTapped) {
      $0.path[id: 0] = StackScreen.State()
    }
    await store.send(.pushScreenTapped) {
      $0.path[id: 1] = StackScreen.State()
    }
    #expect(Array(store.state.path.ids) == [0, 1])
  }

  @Test
  func anAssertionClosureAppendsWithTheIDTheFeatureUsed() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.pushScreenTapped) {
      $0.path.append(StackScreen.State())
    }
    // The closure's `append` did not use up the feature's next id.
    await store.send(.pushScreenTapped) {
      $0.path.append(StackScreen.State())
    }
    await store.send(.path(.element(id: 1, action: .incrementButtonTapped))) {
      $0.path[id: 1]?.count = 1
    }
    #expect(Array(store.state.path.ids) == [0, 1])
  }

  @Test
  func aReceivedActionsAssertionAppendsWithTheIDTheFeatureUsed() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.pushTwiceLater)
    await store.receive(.pushScreenTapped) {
      $0.path.append(StackScreen.State())
    }
    await store.receive(.pushScreenTapped) {
      $0.path.append(StackScreen.State())
    }
    #expect(Array(store.state.path.ids) == [0, 1])
  }

  @Test
  func elementActionsReachTheirElement() async {
    let store = TestStore(
      initialState: StackRoot.State(path: StackState([StackScreen.State(), StackScreen.State()]))
    ) {
      StackRoot()
    }
    await store.send(.path(.element(id: 1, action: .incrementButtonTapped))) {
      $0.path[id: 1]?.count = 1
    }
  }

  @Test
  func popFromRemovesTheElementAndEverythingAboveAfterTheParentRan() async {
    let store = TestStore(
      initialState: StackRoot.State(
        path: StackState([StackScreen.State(), StackScreen.State(), StackScreen.State()]))
    ) {
      StackRoot()
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.log = ["popping #1"]
      $0.path.pop(from: 1)
    }
    #expect(Array(store.state.path.ids) == [0])
  }

  @Test
  func pushWithAnIDAddsTheElementUnderThatID() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await store.send(.path(.push(id: 0, state: StackScreen.State(count: 3)))) {
      $0.path[id: 0] = StackScreen.State(count: 3)
    }
    await store.send(.pushScreenTapped) {
      $0.path[id: 1] = StackScreen.State()
    }
  }

  @Test
  func pushingAnIDAheadOfTheNextOneIsReported() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await withKnownIssue {
      await store.send(.path(.push(id: 5, state: StackScreen.State(count: 3)))) {
        $0.path[id: 5] = StackScreen.State(count: 3)
      }
    } matching: { issue in
      issue.description.contains(
        "A \"forEach\" at \"ComposableArchitectureTests/StackNavigationTests.swift:")
        && issue.description.contains(
          """
          received a "push" action with an unexpected generational ID. …

            Received ID:
              #5
            Expected ID:
              #0
          """)
    }
  }

  @Test
  func pushingAnIDTheStackContainsIsReported() async {
    let store = TestStore(initialState: StackRoot.State(path: StackState([StackScreen.State()]))) {
      StackRoot()
    }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: StackScreen.State(count: 3))))
    } matching: { issue in
      issue.description.contains(
        """
        received a "push" action for an element it already contains. …

          ID:
            #0
          Path IDs:
            [#0]
        """)
    }
  }

  @Test
  func poppingAMissingIDIsReportedWithTheForEachsLocation() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 3))) {
        $0.log = ["popping #3"]
      }
    } matching: { issue in
      issue.description.contains(
        "A \"forEach\" at \"ComposableArchitectureTests/StackNavigationTests.swift:")
        && issue.description.contains("received a \"popFrom\" action for a missing element. …")
    }
  }

  @Test
  func anElementRemovedByAnotherReducerHasItsEffectsCancelled() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StackRoot.State(path: StackState([StackScreen.State()]))
    ) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.clearElsewhere) {
      $0.path = StackState()
    }
    // The `forEach` notices the removal on the next action it runs.
    await store.send(.refresh)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test
  func poppingAnElementCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StackRoot.State(path: StackState([StackScreen.State(), StackScreen.State()]))
    ) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .tick))) {
      $0.path[id: 1]?.count = 1
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.log = ["popping #1"]
      $0.path.pop(from: 1)
    }
    // No effect is left running: the timer went with its screen.
    await store.finish()
  }

  @Test
  func elementsUsingTheSameCancelIDDoNotCancelEachOther() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: StackRoot.State(path: StackState([StackScreen.State(), StackScreen.State()]))
    ) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await store.send(.path(.popFrom(id: 1))) {
      $0.log = ["popping #1"]
      $0.path.pop(from: 1)
    }
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) {
      $0.path[id: 0]?.count = 1
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.log = ["popping #1", "popping #0"]
      $0.path.pop(from: 0)
    }
    await store.finish()
  }

  @Test
  func actionForAMissingElementIsReported() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await withKnownIssue {
      await store.send(.path(.element(id: 7, action: .incrementButtonTapped)))
    } matching: { issue in
      issue.description.contains(
        "A \"forEach\" at \"ComposableArchitectureTests/StackNavigationTests.swift:")
        && issue.description.contains("received an action for a missing element. …")
        && issue.description.contains("incrementButtonTapped")
        && issue.description.hasSuffix(
          "In SwiftUI applications, use \"NavigationStack.init(path:)\" with a binding to a store.")
    }
  }

  @Test
  func wrongStackAssertionShowsElementIDsInTheDiff() async {
    let store = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await withKnownIssue {
      await store.send(.pushScreenTapped) {
        $0.path[id: 0] = StackScreen.State(count: 1)
      }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("#0")
        && issue.description.contains("count: 1")
    }
  }
}

@MainActor
@Suite
struct StackElementStoreTests {
  @Test
  func scopingToAStackElementByIDSendsToThatElement() {
    let store = Store(
      initialState: StackRoot.State(path: StackState([StackScreen.State(), StackScreen.State()]))
    ) {
      StackRoot()
    }
    let ids = Array(store.path.ids)
    let second = store.scope(state: \.path[id: ids[1]], action: \.path[id: ids[1]])
    second?.send(.incrementButtonTapped)
    #expect(store.path[id: ids[1]]?.count == 1)
    #expect(store.path[id: ids[0]]?.count == 0)
    #expect(store.scope(state: \.path[id: ids[1]], action: \.path[id: ids[1]]) === second)
  }

  @Test
  func aPoppedElementsStoreIsReleased() {
    let store = Store(initialState: StackRoot.State(path: StackState([StackScreen.State()]))) {
      StackRoot()
    }
    let id = Array(store.path.ids)[0]
    weak let element = store.scope(state: \.path[id: id], action: \.path[id: id])
    #expect(element != nil)
    store.send(.path(.popFrom(id: id)))
    #expect(store.scope(state: \.path[id: id], action: \.path[id: id]) == nil)
    #expect(element == nil)
  }

  /// The way `NavigationStack` scopes an element: a store of the stack, then `\.[id:]` in it.
  @Test
  func anElementScopedFromTheStacksStoreSendsToItAndKeepsItsLastStateWhenPopped() {
    let store = Store(
      initialState: StackRoot.State(path: StackState([StackScreen.State(), StackScreen.State()]))
    ) {
      StackRoot()
    }
    let ids = Array(store.path.ids)
    let path = store.scope(state: \.path, action: \.path)
    for (index, id) in ids.enumerated() {
      let element = path.scope(state: \.[id: id], action: \.[id: id])
      for _ in 0...index { element?.send(.incrementButtonTapped) }
      #expect(element?.count == index + 1)
      #expect(path.scope(state: \.[id: id], action: \.[id: id]) === element)
    }
    #expect(store.path.map(\.count) == [1, 2])
    let top = path.scope(state: \.[id: ids[1]], action: \.[id: ids[1]])
    store.send(.path(.popFrom(id: ids[1])))
    #expect(top?.count == 2)
    #expect(path.scope(state: \.[id: ids[1]], action: \.[id: ids[1]]) == nil)
    #expect(store.path.map(\.count) == [1])
  }

  @Test
  func anElementScopedWithAnotherElementsActionsSendsToThoseActions() {
    let store = Store(
      initialState: StackRoot.State(path: StackState([StackScreen.State(), StackScreen.State()]))
    ) {
      StackRoot()
    }
    let ids = Array(store.path.ids)
    let path = store.scope(state: \.path, action: \.path)
    // Unusual, but what the key paths say: the first element's state, the second's actions.
    let mixed = path.scope(state: \.[id: ids[0]], action: \.[id: ids[1]])
    mixed?.send(.incrementButtonTapped)
    #expect(store.path.map(\.count) == [0, 1])
    #expect(mixed?.count == 0)
  }

  @Test
  func anElementScopedFromTheRootWithAnotherElementsActionsSendsToThoseActions() {
    let store = Store(
      initialState: StackRoot.State(path: StackState([StackScreen.State(), StackScreen.State()]))
    ) {
      StackRoot()
    }
    let ids = Array(store.path.ids)
    let mixed = store.scope(state: \.path[id: ids[0]], action: \.path[id: ids[1]])
    mixed?.send(.incrementButtonTapped)
    mixed?.send(.incrementButtonTapped)
    #expect(store.path.map(\.count) == [0, 2])
    #expect(mixed?.count == 0)
  }
}

import ComposableArchitecture
import Testing

/// Counts how often a reducer's body is built.
typealias BodyBuilds = LockIsolated<Int>

/// A feature that counts the builds of its body, and holds an object whose lifetime the tests
/// follow.
@Reducer
struct CountedBody {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var child = StoreChild.State()
  }

  enum Action: Equatable {
    case child(StoreChild.Action)
    case increment
  }

  let builds: BodyBuilds
  let token: BodyBuilds

  var body: some ReducerOf<Self> {
    let _ = self.builds.withValue { $0 += 1 }
    Scope(state: \.child, action: \.child) {
      StoreChild()
    }
    Reduce { state, action in
      // Captures the reducer, which holds the token whose lifetime the tests follow.
      _ = self.token
      if case .increment = action { state.count += 1 }
      return .none
    }
  }
}

/// A `@Reducer` written with `reduce(into:action:)`: it has no body to keep.
@Reducer
struct ReduceOnlyFeature {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
  }

  @available(*, deprecated, message: "Kept to check a reducer built this way")
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// Whether a reducer of type `R` uses its holder's storage, asked as code compiled for any
/// reducer asks it: through the conformance's witness, not a constant folded for `R`.
@inline(never)
func usesBodyCache<R: Reducer>(_: R.Type) -> Bool {
  _ReducerBodyCache.isNeeded(by: R.self)
}

@MainActor
@Suite
struct ReducerBodyCacheTests {
  @Test
  func onlyAReducerThatKeepsOrHandsOnABodyUsesTheStorageItsHolderGivesIt() {
    #expect(usesBodyCache(CountedBody.self))
    #expect(usesBodyCache(StoreChild.self))
    #expect(usesBodyCache(CountedBody?.self))
    #expect(
      usesBodyCache(
        ReducerBuilder<CountedBody.State, CountedBody.Action>._Conditional<CountedBody, CountedBody>
          .self))
    #expect(!usesBodyCache(ReduceOnlyFeature.self))
    #expect(!usesBodyCache(Reduce<CountedBody.State, CountedBody.Action>.self))
    #expect(!usesBodyCache(EmptyReducer<CountedBody.State, CountedBody.Action>.self))
    #expect(
      !usesBodyCache(Scope<CountedBody.State, CountedBody.Action, StoreChild>.self))

    let store = Store(initialState: ReduceOnlyFeature.State()) { ReduceOnlyFeature() }
    store.send(.increment)
    #expect(store.count == 1)
  }

  @Test
  func aStoreBuildsTheBodyOfEachFeatureOnce() {
    let builds = BodyBuilds(0)
    let store = Store(initialState: CountedBody.State()) {
      CountedBody(builds: builds, token: BodyBuilds(0))
    }
    for _ in 1...100 {
      store.send(.increment)
      store.send(.child(.increment))
    }
    #expect(store.count == 100)
    #expect(store.child.value == 100)
    #expect(builds.value == 1)
  }

  @Test
  func theBodyStaysCachedAcrossSuspensionsOfTheMainActor() async {
    // After a suspension the main actor may resume on another thread (on Linux the main queue
    // can be served by the thread pool); the cache belongs to the store, not to a thread.
    let builds = BodyBuilds(0)
    let store = Store(initialState: CountedBody.State()) {
      CountedBody(builds: builds, token: BodyBuilds(0))
    }
    for _ in 1...50 {
      store.send(.increment)
      try? await Task.sleep(for: .milliseconds(1))
    }
    #expect(store.count == 50)
    #expect(builds.value == 1)
  }

  @Test
  func aReducerRunOutsideAStoreBuildsItsBodyEveryTime() {
    let builds = BodyBuilds(0)
    let reducer = CountedBody(builds: builds, token: BodyBuilds(0))
    var state = CountedBody.State()
    for _ in 1...3 {
      _ = reducer.reduce(into: &state, action: .increment)
    }
    #expect(state.count == 3)
    #expect(builds.value == 3)
  }

  @Test
  func aReducerRunByHandElsewhereBuildsItsBodyWhileTheStoreKeepsItsOwn() async {
    let builds = BodyBuilds(0)
    let reducer = CountedBody(builds: builds, token: BodyBuilds(0))
    let store = Store(initialState: CountedBody.State()) { reducer }
    store.send(.increment)
    #expect(builds.value == 1)

    // The store keeps the body it built; run by hand, on another thread, the reducer builds
    // its own every time.
    let count = await Task.detached {
      var state = CountedBody.State()
      _ = reducer.reduce(into: &state, action: .increment)
      _ = reducer.reduce(into: &state, action: .child(.increment))
      return (state.count, state.child.value)
    }.value
    #expect(count == (1, 1))
    #expect(builds.value == 3)

    store.send(.increment)
    #expect(store.count == 2)
    #expect(builds.value == 3)
  }

  @Test
  func theReducerIsReleasedWithItsStore() async {
    weak var token: BodyBuilds?
    do {
      let strongToken = BodyBuilds(0)
      token = strongToken
      let store = Store(initialState: CountedBody.State()) {
        CountedBody(builds: BodyBuilds(0), token: strongToken)
      }
      store.send(.increment)
      #expect(store.count == 1)
    }
    #expect(await eventually { token == nil })
  }

  @Test
  func twoStoresOfOneReducerValueEachWork() {
    let builds = BodyBuilds(0)
    let reducer = CountedBody(builds: builds, token: BodyBuilds(0))
    var first: StoreOf<CountedBody>? = Store(initialState: CountedBody.State()) { reducer }
    let second = Store(initialState: CountedBody.State(count: 10)) { reducer }
    first?.send(.increment)
    second.send(.increment)
    #expect(first?.count == 1)
    #expect(second.count == 11)
    // The first store goes away with the body both used; the second builds it again.
    first = nil
    second.send(.child(.increment))
    #expect(second.child.value == 1)
    #expect(builds.value <= 2)
  }
}

@MainActor
@Suite
struct ScopedStoreLifetimeTests {
  @Test
  func aScopedStoreKeepsWorkingAfterItsParentStoresAreReleased() {
    var root: StoreOf<StoreParent>? = Store(initialState: StoreParent.State()) { StoreParent() }
    let child = root!.scope(state: \.child, action: \.child)
    root = nil
    child.send(.increment)
    child.send(.increment)
    #expect(child.value == 2)
  }

  @Test
  func aStoreScopedTwiceSendsThroughEveryParentReducer() {
    let store = Store(initialState: CountedBody.State()) {
      CountedBody(builds: BodyBuilds(0), token: BodyBuilds(0))
    }
    let child = store.scope(state: \.child, action: \.child)
    let sameChild = store.scope(state: \.child, action: \.child)
    child.send(.increment)
    sameChild.send(.increment)
    #expect(child.value == 2)
    #expect(store.child.value == 2)
    #expect(store.count == 0)
  }
}

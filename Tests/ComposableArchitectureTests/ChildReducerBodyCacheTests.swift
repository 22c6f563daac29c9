import ComposableArchitecture
import Testing

/// How often each named child built its body.
typealias ChildBodyBuilds = LockIsolated<[String: Int]>

/// A child feature that counts the builds of its body under its name, and holds an object whose
/// lifetime the tests follow.
@Reducer
struct CountedChild {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }

  enum Action: Equatable {
    case increment
  }

  let name: String
  let builds: ChildBodyBuilds
  let token: BodyBuilds

  var body: some ReducerOf<Self> {
    let _ = self.builds.withValue { $0[self.name, default: 0] += 1 }
    Reduce { state, _ in
      _ = self.token
      state.count += 1
      return .none
    }
  }
}

/// Runs a ``CountedChild`` through each kind of parent reducer.
@Reducer
struct ChildHost {
  @ObservableState
  struct State: Equatable {
    var scoped = CountedChild.State()
    var optional: CountedChild.State? = CountedChild.State()
    var rows: IdentifiedArrayOf<CountedChild.State> = [.init(id: 1), .init(id: 2), .init(id: 3)]
    @Presents var destination: CountedChild.State? = CountedChild.State()
    var path = StackState<CountedChild.State>([CountedChild.State(), CountedChild.State()])
  }

  enum Action: Equatable {
    case scoped(CountedChild.Action)
    case optional(CountedChild.Action)
    case rows(IdentifiedActionOf<CountedChild>)
    case destination(PresentationAction<CountedChild.Action>)
    case path(StackActionOf<CountedChild>)
  }

  let builds: ChildBodyBuilds
  let token: BodyBuilds

  func child(_ name: String) -> CountedChild {
    CountedChild(name: name, builds: self.builds, token: self.token)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.scoped, action: \.scoped) { self.child("scope") }
    EmptyReducer()
      .ifLet(\.optional, action: \.optional) { self.child("ifLet") }
      .forEach(\.rows, action: \.rows) { self.child("forEach") }
      .ifLet(\.$destination, action: \.destination) { self.child("presentation") }
      .forEach(\.path, action: \.path) { self.child("stack") }
  }
}

/// Runs a ``CountedChild`` on one case of enum state.
@Reducer
struct EnumChildHost {
  @CasePathable
  enum State: Equatable {
    case counting(CountedChild.State)
    case idle
  }

  enum Action: Equatable {
    case counting(CountedChild.Action)
  }

  let builds: ChildBodyBuilds

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifCaseLet(\.counting, action: \.counting) {
        CountedChild(name: "ifCaseLet", builds: self.builds, token: BodyBuilds(0))
      }
  }
}

/// A feature with no `body` of its own, whose `reduce(into:action:)` is in an extension.
@Reducer
struct ReducedInExtension {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
  }
}

extension ReducedInExtension {
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// Scopes to a ``ReducedInExtension``.
@Reducer
struct ExtensionReducedHost {
  @ObservableState
  struct State: Equatable {
    var child = ReducedInExtension.State()
  }

  enum Action: Equatable {
    case child(ReducedInExtension.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { ReducedInExtension() }
  }
}

/// Runs a new ``CountedChild`` by hand for each action, each holding a new token.
@Reducer
struct ManualChildHost {
  @ObservableState
  struct State: Equatable {
    var child = CountedChild.State()
  }

  enum Action: Equatable {
    case child(CountedChild.Action)
  }

  let builds: ChildBodyBuilds
  let tokens: LockIsolated<[WeakToken]>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case let .child(childAction) = action else { return .none }
      let token = BodyBuilds(0)
      self.tokens.withValue { $0.append(WeakToken(token)) }
      return CountedChild(name: "manual", builds: self.builds, token: token)
        .reduce(into: &state.child, action: childAction)
        .map(Action.child)
    }
  }
}

/// Runs ``CountedChild``s written directly in the branches of its body.
@Reducer
struct BranchHost {
  typealias State = CountedChild.State
  typealias Action = CountedChild.Action

  let builds: ChildBodyBuilds
  let runsChildren: Bool

  var body: some ReducerOf<Self> {
    if self.runsChildren {
      CountedChild(name: "if-else", builds: self.builds, token: BodyBuilds(0))
    } else {
      EmptyReducer()
    }
    if self.runsChildren {
      CountedChild(name: "if", builds: self.builds, token: BodyBuilds(0))
    }
  }
}

/// A token held weakly, to tell when it is released.
final class WeakToken: @unchecked Sendable {
  weak var value: BodyBuilds?

  init(_ value: BodyBuilds) {
    self.value = value
  }
}

@MainActor
@Suite
struct ChildReducerBodyCacheTests {
  @Test
  func eachParentBuildsItsChildsBodyOncePerStore() {
    let builds = ChildBodyBuilds([:])
    let store = Store(initialState: ChildHost.State()) {
      ChildHost(builds: builds, token: BodyBuilds(0))
    }
    let pathIDs = store.path.ids
    for _ in 1...20 {
      store.send(.scoped(.increment))
      store.send(.optional(.increment))
      for id in 1...3 { store.send(.rows(.element(id: id, action: .increment))) }
      store.send(.destination(.presented(.increment)))
      for id in pathIDs { store.send(.path(.element(id: id, action: .increment))) }
    }
    #expect(store.scoped.count == 20)
    #expect(store.optional?.count == 20)
    #expect(store.rows.map(\.count) == [20, 20, 20])
    #expect(store.destination?.count == 20)
    #expect(store.path.map(\.count) == [20, 20])
    #expect(
      builds.value == ["scope": 1, "ifLet": 1, "forEach": 1, "presentation": 1, "stack": 1])
  }

  @Test
  func aParentRunOutsideAStoreBuildsItsChildsBodyEveryTime() {
    let builds = ChildBodyBuilds([:])
    let reducer = ChildHost(builds: builds, token: BodyBuilds(0))
    var state = ChildHost.State()
    for _ in 1...3 {
      _ = reducer.reduce(into: &state, action: .scoped(.increment))
    }
    #expect(state.scoped.count == 3)
    #expect(builds.value == ["scope": 3])
  }

  @Test
  func aParentValueKeepsItsChildsBodyAcrossRuns() throws {
    // Outside a store too: the parent value holds the cache.
    let builds = ChildBodyBuilds([:])
    let parent = ChildHost(builds: builds, token: BodyBuilds(0)).body
    let enumParent = EnumChildHost(builds: builds).body
    var state = ChildHost.State()
    var enumState = EnumChildHost.State.counting(CountedChild.State())
    let pathID = try #require(state.path.ids.first)
    for _ in 1...3 {
      _ = parent.reduce(into: &state, action: .scoped(.increment))
      _ = parent.reduce(into: &state, action: .optional(.increment))
      _ = parent.reduce(into: &state, action: .rows(.element(id: 2, action: .increment)))
      _ = parent.reduce(into: &state, action: .destination(.presented(.increment)))
      _ = parent.reduce(into: &state, action: .path(.element(id: pathID, action: .increment)))
      _ = enumParent.reduce(into: &enumState, action: .counting(.increment))
    }
    #expect(state.scoped.count == 3)
    #expect(state.optional?.count == 3)
    #expect(state.rows[id: 2]?.count == 3)
    #expect(state.destination?.count == 3)
    #expect(state.path[id: pathID]?.count == 3)
    #expect(enumState == .counting(CountedChild.State(count: 3)))
    #expect(
      builds.value == [
        "scope": 1, "ifLet": 1, "forEach": 1, "presentation": 1, "stack": 1, "ifCaseLet": 1,
      ])
  }

  @Test
  func aFeatureInABranchOfABodyKeepsItsBody() {
    let builds = ChildBodyBuilds([:])
    let store = Store(initialState: BranchHost.State()) {
      BranchHost(builds: builds, runsChildren: true)
    }
    for _ in 1...5 {
      store.send(.increment)
    }
    #expect(store.count == 10)
    #expect(builds.value == ["if-else": 1, "if": 1])
  }

  @Test
  func aChildThatReducesInAnExtensionRunsItsReduce() {
    let store = Store(initialState: ExtensionReducedHost.State()) { ExtensionReducedHost() }
    store.send(.child(.increment))
    store.send(.child(.increment))
    #expect(store.child.count == 2)
  }

  @Test
  func aChildMadeForOneActionIsReleasedAfterIt() {
    // Its body is built for the action and dropped with it, as TCA does: a body kept for a
    // reducer made anew on every action would pile up for as long as the store lives.
    let builds = ChildBodyBuilds([:])
    let tokens = LockIsolated<[WeakToken]>([])
    let store = Store(initialState: ManualChildHost.State()) {
      ManualChildHost(builds: builds, tokens: tokens)
    }
    for _ in 1...3 {
      store.send(.child(.increment))
    }
    #expect(store.child.count == 3)
    #expect(builds.value == ["manual": 3])
    #expect(tokens.value.count == 3)
    #expect(tokens.value.allSatisfy { $0.value == nil })
  }

  @Test
  func childBodiesAreReleasedWithTheirStore() async {
    weak var token: BodyBuilds?
    do {
      let strongToken = BodyBuilds(0)
      token = strongToken
      let store = Store(initialState: ChildHost.State()) {
        ChildHost(builds: ChildBodyBuilds([:]), token: strongToken)
      }
      store.send(.scoped(.increment))
      store.send(.rows(.element(id: 1, action: .increment)))
      #expect(store.scoped.count == 1)
    }
    #expect(await eventually { token == nil })
  }

  @Test
  func threadsSharingAScopeKeepOneChildBody() async {
    let builds = ChildBodyBuilds([:])
    let scope = UncheckedSendable(
      Scope<ChildHost.State, ChildHost.Action, CountedChild>(
        state: \.scoped, action: \.scoped
      ) {
        CountedChild(name: "scope", builds: builds, token: BodyBuilds(0))
      })
    let counts = await withTaskGroup(of: Int.self) { group in
      for _ in 1...8 {
        group.addTask {
          var state = ChildHost.State()
          for _ in 1...200 {
            _ = scope.value.reduce(into: &state, action: .scoped(.increment))
          }
          return state.scoped.count
        }
      }
      var counts: [Int] = []
      for await count in group { counts.append(count) }
      return counts
    }
    #expect(counts == Array(repeating: 200, count: 8))
    // Threads that raced to build it may each have built one; from then on, none is built.
    let built = builds.value["scope", default: 0]
    #expect((1...8).contains(built))
    var state = ChildHost.State()
    _ = scope.value.reduce(into: &state, action: .scoped(.increment))
    #expect(state.scoped.count == 1)
    #expect(builds.value["scope"] == built)
  }
}

import ComposableArchitecture
import Dispatch
import Testing

// MARK: - ReducerBuilder

/// Appends a label to `log` for every reducer of its body that runs, so the order and selection
/// of the builder's branches can be checked.
@Reducer
struct BuilderFeature {
  @ObservableState
  struct State: Equatable {
    var log: [String] = []
  }

  enum Action {
    case run
  }

  let isPremium: Bool
  let includesOptional: Bool
  let tags: [String]

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.log.append("first")
      return .none
    }
    if self.isPremium {
      Reduce { state, _ in
        state.log.append("premium")
        return .none
      }
    } else {
      Reduce { state, _ in
        state.log.append("basic")
        return .none
      }
    }
    if self.includesOptional {
      Reduce { state, _ in
        state.log.append("optional")
        return .none
      }
    }
    for tag in self.tags {
      Reduce { state, _ in
        state.log.append("loop:\(tag)")
        return .none
      }
    }
    CombineReducers {
      Reduce { state, _ in
        state.log.append("combined:1")
        return .none
      }
      Reduce { state, _ in
        state.log.append("combined:2")
        return .none
      }
    }
    EmptyReducer()
  }
}

// MARK: - Scope

@Reducer
struct ScopeChild {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fetched: Int?
  }

  enum Action: Equatable {
    case increment
    case fetch
    case response(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .fetch:
        let count = state.count
        return .run { send in
          await send(.response(count * 10))
        }
      case let .response(value):
        state.fetched = value
        return .none
      }
    }
  }
}

@Reducer
struct ScopeParent {
  @ObservableState
  struct State: Equatable {
    var child = ScopeChild.State()
    var log: [String] = []
  }

  enum Action: Equatable {
    case child(ScopeChild.Action)
    case unrelated
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      ScopeChild()
    }
    Reduce { state, action in
      switch action {
      case let .child(.response(value)):
        state.log.append("parent saw response \(value), child fetched \(state.child.fetched ?? -1)")
        return .none
      case .child:
        return .none
      case .unrelated:
        state.log.append("unrelated")
        return .none
      }
    }
  }
}

/// A parent scoping a child through its `PresentationAction`'s `.presented`.
@Reducer
struct PresentedScopeParent {
  @ObservableState
  struct State: Equatable {
    var child = ScopeChild.State()
  }

  enum Action: Equatable {
    case other
    case child(PresentationAction<ScopeChild.Action>)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child.presented) {
      ScopeChild()
    }
  }
}

/// A parent whose children's cases are declared with another on one line, after it.
@Reducer
struct CrowdedParent {
  @ObservableState
  struct State: Equatable {
    var left = ScopeChild.State()
    var right = ScopeChild.State()
    var log: [String] = []
  }

  // Several cases on one line is what this feature is for.
  // swift-format-ignore: OneCasePerLine
  enum Action: Equatable {
    case tapped, left(ScopeChild.Action), right(ScopeChild.Action)
    case noted(String)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) {
      ScopeChild()
    }
    Scope(state: \.right, action: \.right) {
      ScopeChild()
    }
    Reduce { state, action in
      if case let .noted(text) = action {
        state.log.append(text)
      }
      return .none
    }
  }
}

// MARK: - ifLet

@Reducer
struct IfLetChild {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case close
    case load
    case loaded(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .close:
        state.count = -1
        return .none
      case .load:
        return .run { send in await send(.loaded("done")) }
      case .loaded:
        return .none
      }
    }
  }
}

@Reducer
struct IfLetParent {
  @ObservableState
  struct State: Equatable {
    var child: IfLetChild.State?
    var log: [String] = []
  }

  enum Action: Equatable {
    case child(IfLetChild.Action)
    case present
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present:
        state.child = IfLetChild.State()
        return .none
      case .child(.increment):
        state.log.append("parent saw child count \(state.child?.count ?? -100)")
        return .none
      case .child(.close):
        state.log.append("closing child whose count is \(state.child?.count ?? -100)")
        state.child = nil
        return .none
      case let .child(.loaded(text)):
        state.log.append("loaded \(text)")
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.child, action: \.child) {
      IfLetChild()
    }
  }
}

// MARK: - ifCaseLet

@Reducer
struct LoggedInFeature {
  @ObservableState
  struct State: Equatable {
    var user: String
    var visits = 0
  }

  enum Action: Equatable {
    case visit
    case logOut
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .visit:
        state.visits += 1
        return .none
      case .logOut:
        return .none
      }
    }
  }
}

@Reducer
struct LoggedOutFeature {
  @ObservableState
  struct State: Equatable {
    var attempts = 0
  }

  enum Action: Equatable {
    case attempt
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.attempts += 1
      return .none
    }
  }
}

@Reducer
struct SessionFeature {
  @CasePathable
  enum State: Equatable {
    case loggedIn(LoggedInFeature.State)
    case loggedOut(LoggedOutFeature.State)
  }

  enum Action: Equatable {
    case loggedIn(LoggedInFeature.Action)
    case loggedOut(LoggedOutFeature.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loggedIn(.logOut):
        state = .loggedOut(LoggedOutFeature.State())
        return .none
      case .loggedIn, .loggedOut:
        return .none
      }
    }
    .ifCaseLet(\.loggedIn, action: \.loggedIn) {
      LoggedInFeature()
    }
    .ifCaseLet(\.loggedOut, action: \.loggedOut) {
      LoggedOutFeature()
    }
  }
}

// MARK: - forEach

@Reducer
struct TodoRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var isDone = false
  }

  enum Action: Equatable {
    case toggle
    case rename(String)
    case save
    case saved
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggle:
        state.isDone.toggle()
        return .none
      case let .rename(title):
        state.title = title
        return .none
      case .save:
        return .run { send in await send(.saved) }
      case .saved:
        return .none
      }
    }
  }
}

@Reducer
struct TodoList {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<TodoRow.State> = []
    var doneCount = 0
    var savedIDs: [Int] = []
  }

  enum Action: Equatable {
    case rows(IdentifiedActionOf<TodoRow>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows(.element(_, .toggle)):
        state.doneCount = state.rows.filter(\.isDone).count
        return .none
      case let .rows(.element(id, .saved)):
        state.savedIDs.append(id)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      TodoRow()
    }
  }
}

// MARK: - onChange

@Reducer
struct QueryFeature {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var other = 0
    var changes: [String] = []
    var searches: [String] = []
  }

  enum Action: Equatable {
    case setQuery(String)
    case bumpOther
    case search(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setQuery(query):
        state.query = query
        return .none
      case .bumpOther:
        state.other += 1
        return .none
      case let .search(query):
        state.searches.append(query)
        return .none
      }
    }
    .onChange(of: \.query) { oldValue, newValue in
      Reduce { state, _ in
        state.changes.append("\(oldValue)->\(newValue)")
        return .send(.search(newValue))
      }
    }
  }
}

// MARK: - Dependencies

struct Greeter: Sendable {
  var prefix: String

  func greet(_ name: String) -> String {
    "\(self.prefix), \(name)"
  }
}

extension Greeter: DependencyKey {
  static let liveValue = Greeter(prefix: "Hello")
  static let testValue = Greeter(prefix: "Test")
}

extension DependencyValues {
  var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
}

@Reducer
struct GreetingChild {
  @ObservableState
  struct State: Equatable {
    var greeting = ""
  }

  enum Action: Equatable {
    case greet(String)
  }

  @Dependency(\.greeter) var greeter

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .greet(name):
        state.greeting = self.greeter.greet(name)
        return .none
      }
    }
  }
}

@Reducer
struct GreetingParent {
  @ObservableState
  struct State: Equatable {
    var overridden = GreetingChild.State()
    var transformed = GreetingChild.State()
    var byType = GreetingChild.State()
    var plain = GreetingChild.State()
    var parentGreeting = ""
  }

  enum Action: Equatable {
    case overridden(GreetingChild.Action)
    case transformed(GreetingChild.Action)
    case byType(GreetingChild.Action)
    case plain(GreetingChild.Action)
    case greetFromParent(String)
  }

  @Dependency(\.greeter) var greeter

  var body: some ReducerOf<Self> {
    Scope(state: \.overridden, action: \.overridden) {
      GreetingChild()
        .dependency(\.greeter, Greeter(prefix: "Hi"))
    }
    Scope(state: \.transformed, action: \.transformed) {
      GreetingChild()
        .transformDependency(\.greeter) { $0.prefix += "!!" }
    }
    Scope(state: \.byType, action: \.byType) {
      GreetingChild()
        .dependency(Greeter(prefix: "Yo"))
    }
    Scope(state: \.plain, action: \.plain) {
      GreetingChild()
    }
    Reduce { state, action in
      switch action {
      case let .greetFromParent(name):
        state.parentGreeting = self.greeter.greet(name)
        return .none
      default:
        return .none
      }
    }
  }
}

// MARK: - _printChanges

@Reducer
struct PrintedCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case incrementLater
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .send(.increment)
      }
    }
  }
}

/// A counter whose count is shared.
@Reducer
struct SharedPrintedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared var count: Int
  }

  enum Action: Equatable {
    case increment
    case incrementLater
    case noop
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      case .incrementLater:
        return .run { [count = state.$count] _ in count.withLock { $0 += 1 } }
      case .noop:
        return .none
      }
    }
  }
}

// MARK: - Tests

extension Reducer {
  /// This reducer or none, as the builder's own type for an `if`/`else` (library code names it).
  fileprivate func enabled(
    _ isEnabled: Bool
  ) -> ReducerBuilder<State, Action>._Conditional<Self, EmptyReducer<State, Action>> {
    isEnabled ? .first(self) : .second(EmptyReducer())
  }

  /// This reducer then `next`, as the builder's own type for a block of two.
  fileprivate func then<Next: Reducer<State, Action>>(
    _ next: Next
  ) -> ReducerBuilder<State, Action>._Sequence<Self, Next> {
    ReducerBuilder<State, Action>.buildPartialBlock(accumulated: self, next: next)
  }
}

@MainActor
@Suite
struct ReducerCompositionTests {
  // MARK: ReducerBuilder

  @Test
  func builderRunsEveryReducerOfTheBlockInOrderWithTheIfBranchAndOptionalAndLoop() {
    let store = Store(initialState: BuilderFeature.State()) {
      BuilderFeature(isPremium: true, includesOptional: true, tags: ["a", "b"])
    }
    store.send(.run)
    #expect(
      store.log == [
        "first", "premium", "optional", "loop:a", "loop:b", "combined:1", "combined:2",
      ]
    )
  }

  @Test
  func theBuildersTypesCanBeNamedByOperatorsOfOurOwn() {
    func logging(_ label: String) -> Reduce<BuilderFeature.State, BuilderFeature.Action> {
      Reduce { state, _ in
        state.log.append(label)
        return .none
      }
    }
    let store = Store(initialState: BuilderFeature.State()) {
      logging("a").then(logging("b").enabled(false)).then(logging("c").enabled(true))
    }
    store.send(.run)
    #expect(store.log == ["a", "c"])
  }

  @Test
  func aScopeThroughPresentedRunsOnlyPresentedActionsAndEmbedsItsEffectsActions() async {
    let store = TestStore(initialState: PresentedScopeParent.State()) { PresentedScopeParent() }
    await store.send(.child(.presented(.increment))) {
      $0.child.count = 1
    }
    await store.send(.child(.dismiss))
    await store.send(.other)
    await store.send(.child(.presented(.fetch)))
    await store.receive(.child(.presented(.response(10)))) {
      $0.child.fetched = 10
    }
  }

  @Test
  func scopesRouteEachActionToItsCaseWhenCasesShareALine() {
    let store = Store(initialState: CrowdedParent.State()) { CrowdedParent() }
    store.send(.right(.increment))
    store.send(.right(.increment))
    store.send(.left(.increment))
    store.send(.tapped)
    store.send(.noted("noted"))
    #expect(store.left.count == 1)
    #expect(store.right.count == 2)
    #expect(store.log == ["noted"])

    store.scope(state: \.right, action: \.right).send(.increment)
    store.scope(state: \.left, action: \.left).send(.increment)
    store.scope(state: \.left, action: \.left).send(.increment)
    #expect(store.left.count == 3)
    #expect(store.right.count == 3)
    #expect(store.log == ["noted"])
  }

  @Test
  func builderRunsTheElseBranchAndSkipsTheOptionalAndAnEmptyLoop() {
    let store = Store(initialState: BuilderFeature.State()) {
      BuilderFeature(isPremium: false, includesOptional: false, tags: [])
    }
    store.send(.run)
    #expect(store.log == ["first", "basic", "combined:1", "combined:2"])
  }

  @Test
  func combineReducersRunsItsReducersInOrderAndMergesTheirEffects() async {
    let store = TestStore(initialState: ScopeChild.State()) {
      CombineReducers {
        Reduce<ScopeChild.State, ScopeChild.Action> { state, action in
          if case .increment = action { state.count *= 10 }
          return .none
        }
        Reduce<ScopeChild.State, ScopeChild.Action> { state, action in
          guard case .increment = action else { return .none }
          state.count += 2
          return .send(.response(state.count))
        }
      }
    }
    await store.send(.increment) {
      $0.count = 2
    }
    await store.receive(.response(2))
  }

  @Test
  func emptyReducerChangesNothingAndStartsNoEffect() {
    let store = Store(initialState: PrintedCounter.State(count: 7)) {
      EmptyReducer<PrintedCounter.State, PrintedCounter.Action>()
    }
    let task = store.send(.increment)
    #expect(store.count == 7)
    #expect(task.rawValue == nil)
  }

  // MARK: Scope

  @Test
  func scopeMutatesTheChildStateInPlace() {
    let store = Store(initialState: ScopeParent.State()) { ScopeParent() }
    store.send(.child(.increment))
    store.send(.child(.increment))
    #expect(store.child.count == 2)
    #expect(store.log.isEmpty)
  }

  @Test
  func scopeIgnoresParentActionsThatDoNotEmbedAChildAction() {
    let store = Store(initialState: ScopeParent.State()) { ScopeParent() }
    store.send(.unrelated)
    #expect(store.child == ScopeChild.State())
    #expect(store.log == ["unrelated"])
  }

  @Test
  func scopeEmbedsTheChildEffectsActionsInTheParentAction() async {
    let store = TestStore(initialState: ScopeParent.State(child: ScopeChild.State(count: 4))) {
      ScopeParent()
    }
    await store.send(.child(.fetch))
    await store.receive(.child(.response(40))) {
      $0.child.fetched = 40
      $0.log = ["parent saw response 40, child fetched 40"]
    }
  }

  // MARK: ifLet

  @Test
  func ifLetRunsTheChildBeforeTheParent() {
    let store = Store(initialState: IfLetParent.State(child: IfLetChild.State(count: 1))) {
      IfLetParent()
    }
    store.send(.child(.increment))
    #expect(store.child?.count == 2)
    #expect(store.log == ["parent saw child count 2"])
  }

  @Test
  func ifLetLetsTheChildHandleTheActionThatMakesTheParentDismissIt() {
    let store = Store(initialState: IfLetParent.State(child: IfLetChild.State(count: 3))) {
      IfLetParent()
    }
    store.send(.child(.close))
    #expect(store.child == nil)
    #expect(store.log == ["closing child whose count is -1"])
  }

  @Test
  func ifLetEmbedsTheChildEffectsActions() async {
    let store = TestStore(initialState: IfLetParent.State(child: IfLetChild.State())) {
      IfLetParent()
    }
    await store.send(.child(.load))
    await store.receive(.child(.loaded("done"))) {
      $0.log = ["loaded done"]
    }
  }

  @Test
  func ifLetReportsAChildActionSentWhileTheChildStateIsNil() {
    let store = Store(initialState: IfLetParent.State()) { IfLetParent() }
    withKnownIssue {
      store.send(.child(.increment))
    } matching: { issue in
      issue.description.contains("ifLet")
        && issue.description.contains("child state was \"nil\"")
    }
    #expect(store.child == nil)
    // The parent still runs after the child action was reported.
    #expect(store.log == ["parent saw child count -100"])
  }

  @Test
  func ifLetRunsTheChildOnceTheStateIsPresented() {
    let store = Store(initialState: IfLetParent.State()) { IfLetParent() }
    store.send(.present)
    store.send(.child(.increment))
    #expect(store.child?.count == 1)
  }

  // MARK: ifCaseLet

  @Test
  func ifCaseLetRoutesTheActionToTheReducerOfTheCurrentCase() {
    let store = Store(
      initialState: SessionFeature.State.loggedIn(LoggedInFeature.State(user: "blob"))
    ) {
      SessionFeature()
    }
    store.send(.loggedIn(.visit))
    store.send(.loggedIn(.visit))
    #expect(store.state == .loggedIn(LoggedInFeature.State(user: "blob", visits: 2)))

    store.send(.loggedIn(.logOut))
    #expect(store.state == .loggedOut(LoggedOutFeature.State()))

    store.send(.loggedOut(.attempt))
    #expect(store.state == .loggedOut(LoggedOutFeature.State(attempts: 1)))
  }

  @Test
  func ifCaseLetReportsAnActionForAnotherCase() {
    let store = Store(initialState: SessionFeature.State.loggedOut(LoggedOutFeature.State())) {
      SessionFeature()
    }
    withKnownIssue {
      store.send(.loggedIn(.visit))
    } matching: { issue in
      issue.description.contains("ifCaseLet")
        && issue.description.contains("different case")
    }
    #expect(store.state == .loggedOut(LoggedOutFeature.State()))
  }

  // MARK: forEach

  @Test
  func forEachRoutesAnIdentifiedActionToItsElementOnly() {
    let store = Store(
      initialState: TodoList.State(
        rows: [
          TodoRow.State(id: 1, title: "Milk"),
          TodoRow.State(id: 2, title: "Eggs"),
        ]
      )
    ) {
      TodoList()
    }
    store.send(.rows(.element(id: 2, action: .toggle)))
    store.send(.rows(.element(id: 1, action: .rename("Oat milk"))))

    #expect(store.rows[id: 1] == TodoRow.State(id: 1, title: "Oat milk", isDone: false))
    #expect(store.rows[id: 2] == TodoRow.State(id: 2, title: "Eggs", isDone: true))
    // The parent ran after the element and saw the element's change.
    #expect(store.doneCount == 1)
  }

  @Test
  func forEachEmbedsElementEffectsWithTheElementID() async {
    let store = TestStore(
      initialState: TodoList.State(rows: [TodoRow.State(id: 7, title: "Bread")])
    ) {
      TodoList()
    }
    await store.send(.rows(.element(id: 7, action: .save)))
    await store.receive(.rows(.element(id: 7, action: .saved))) {
      $0.savedIDs = [7]
    }
  }

  @Test
  func forEachReportsAnActionForAMissingElement() {
    let store = Store(initialState: TodoList.State(rows: [TodoRow.State(id: 1, title: "Milk")])) {
      TodoList()
    }
    withKnownIssue {
      store.send(.rows(.element(id: 99, action: .toggle)))
    } matching: { issue in
      issue.description.contains("forEach")
        && issue.description.contains("missing element")
        && issue.description.hasSuffix("In SwiftUI applications, use \"ForEachStore\".")
    }
    #expect(store.rows.map(\.isDone) == [false])
  }

  // MARK: onChange

  @Test
  func onChangeRunsOnlyWhenTheValueChangesWithOldAndNewValues() async {
    let store = TestStore(initialState: QueryFeature.State()) { QueryFeature() }

    await store.send(.setQuery("ca")) {
      $0.query = "ca"
      $0.changes = ["->ca"]
    }
    await store.receive(.search("ca")) {
      $0.searches = ["ca"]
    }

    // Same value: the onChange reducer does not run.
    await store.send(.setQuery("ca"))
    // Another field: the onChange reducer does not run.
    await store.send(.bumpOther) {
      $0.other = 1
    }

    await store.send(.setQuery("cat")) {
      $0.query = "cat"
      $0.changes = ["->ca", "ca->cat"]
    }
    await store.receive(.search("cat")) {
      $0.searches = ["ca", "cat"]
    }
  }

  // MARK: Dependencies

  @Test
  func dependencyOverridesAValueForTheChildOnly() {
    let store = Store(initialState: GreetingParent.State()) { GreetingParent() }
    store.send(.overridden(.greet("Blob")))
    store.send(.plain(.greet("Blob")))
    store.send(.greetFromParent("Blob"))
    #expect(store.overridden.greeting == "Hi, Blob")
    #expect(store.plain.greeting == "Test, Blob")
    #expect(store.parentGreeting == "Test, Blob")
  }

  @Test
  func transformDependencyChangesTheValueInForceForTheChild() {
    let store = Store(initialState: GreetingParent.State()) {
      GreetingParent()
    } withDependencies: {
      $0.greeter = Greeter(prefix: "Howdy")
    }
    store.send(.transformed(.greet("Blob")))
    store.send(.plain(.greet("Blob")))
    #expect(store.transformed.greeting == "Howdy!!, Blob")
    #expect(store.plain.greeting == "Howdy, Blob")
  }

  @Test
  func dependencyByTypeOverridesTheKeyOfThatType() {
    let store = Store(initialState: GreetingParent.State()) { GreetingParent() }
    store.send(.byType(.greet("Blob")))
    #expect(store.byType.greeting == "Yo, Blob")
  }

  @Test
  func innermostDependencyOverrideWins() {
    let store = Store(initialState: GreetingChild.State()) {
      GreetingChild()
        .dependency(\.greeter, Greeter(prefix: "Inner"))
        .dependency(\.greeter, Greeter(prefix: "Outer"))
    }
    store.send(.greet("Blob"))
    #expect(store.greeting == "Inner, Blob")
  }

  @Test
  func runtimeWarningsNameTheActionAndStateWithTheirFeatureType() {
    let rowsStore = Store(initialState: TodoList.State()) { TodoList() }
    let forEachMessage = LockIsolated("")
    withKnownIssue {
      rowsStore.send(.rows(.element(id: 1, action: .toggle)))
    } matching: { issue in
      forEachMessage.setValue(issue.description)
      return issue.description.contains("forEach")
    }

    let sessionStore = Store(initialState: SessionFeature.State.loggedOut(LoggedOutFeature.State()))
    {
      SessionFeature()
    }
    let ifCaseLetMessage = LockIsolated("")
    withKnownIssue {
      sessionStore.send(.loggedIn(.visit))
    } matching: { issue in
      ifCaseLetMessage.setValue(issue.description)
      return issue.description.contains("ifCaseLet")
    }

    #expect(forEachMessage.value.contains("TodoList.Action.rows(.element(id:, action: .toggle))"))
    #expect(ifCaseLetMessage.value.contains("SessionFeature.State.loggedOut"))

    // What the warnings do say today, so this test notices if they lose the case path too.
    #expect(forEachMessage.value.contains("Action.rows(.element(id:, action: .toggle))"))
    #expect(ifCaseLetMessage.value.contains("Action.loggedIn(.visit)"))
  }

  // MARK: _printChanges

  @Test
  func printChangesDoesNotChangeBehaviour() async {
    let store = TestStore(initialState: PrintedCounter.State()) {
      PrintedCounter()._printChanges()
    }
    await store.send(.increment) {
      $0.count = 1
    }
    await store.send(.incrementLater)
    await store.receive(.increment) {
      $0.count = 2
    }
  }

  @Test
  func printChangesHandsTheActionAndTheStatesBeforeAndAfterToThePrinter() {
    let printed = LockIsolated<[String]>([])
    let printer = _ReducerPrinter<PrintedCounter.State, PrintedCounter.Action> { action, old, new in
      printed.withValue { $0.append("\(action): \(old.count) -> \(new.count)") }
    }
    let store = Store(initialState: PrintedCounter.State()) {
      PrintedCounter()._printChanges(printer)
    }
    store.send(.incrementLater)
    #expect(store.count == 1)
    #expect(printed.value == ["incrementLater: 0 -> 0", "increment: 0 -> 1"])
  }

  @Test
  func aPrinterGivenAQueuePrintsThereInOrder() async {
    let queue = DispatchQueue(label: "printer-test")
    let onQueue = DispatchSpecificKey<Bool>()
    queue.setSpecific(key: onQueue, value: true)
    let printed = LockIsolated<[String]>([])
    let printer = _ReducerPrinter<PrintedCounter.State, PrintedCounter.Action>(
      printChange: { action, old, new in
        let place = DispatchQueue.getSpecific(key: onQueue) == true ? "queue" : "caller"
        printed.withValue { $0.append("\(action): \(old.count) -> \(new.count) on \(place)") }
      },
      queue: queue)
    let store = Store(initialState: PrintedCounter.State()) {
      PrintedCounter()._printChanges(printer)
    }
    store.send(.incrementLater)
    queue.sync {}
    #expect(
      printed.value == ["incrementLater: 0 -> 0 on queue", "increment: 0 -> 1 on queue"])
    // Called directly, as a custom printer built on another calls it, it prints at once.
    printer.printChange(receivedAction: .increment, oldState: .init(), newState: .init(count: 5))
    #expect(printed.value.last == "increment: 0 -> 5 on caller")
  }

  @Test
  func aPrintingReducerOfASendableReducerIsSendable() {
    func sendable(_ value: some Sendable) -> Bool { true }
    #expect(sendable(PrintedCounter()._printChanges()))
  }

  @Test
  func theCustomDumpPrinterCanWriteElsewhere() {
    let written = LockIsolated<[String]>([])
    let store = Store(initialState: PrintedCounter.State()) {
      PrintedCounter()._printChanges(.customDump { text in written.withValue { $0.append(text) } })
    }
    store.send(.incrementLater)
    #expect(
      written.value == [
        """
        received action:
          PrintedCounter.Action.incrementLater
          (No state changes)

        """,
        """
        received action:
          PrintedCounter.Action.increment
        - PrintedCounter.State(count: 0)
        + PrintedCounter.State(count: 1)

        """,
      ])
  }

  @Test
  func printChangesShowsAChangeToSharedState() {
    let written = LockIsolated<[String]>([])
    let store = Store(initialState: SharedPrintedCounter.State(count: Shared(value: 0))) {
      SharedPrintedCounter()._printChanges(
        .customDump { text in written.withValue { $0.append(text) } })
    }
    store.send(.increment)
    #expect(store.count == 1)
    #expect(written.value.count == 1)
    #expect(
      written.value == [
        """
        received action:
          SharedPrintedCounter.Action.increment
          SharedPrintedCounter.State(
        -   _count: 0
        +   _count: 1
          )

        """
      ])
  }

  @Test
  func printChangesInsideATestStoreLeavesSharedChangesToItsAssertions() async {
    let written = LockIsolated<[String]>([])
    let store = TestStore(initialState: SharedPrintedCounter.State(count: Shared(value: 0))) {
      SharedPrintedCounter()._printChanges(
        .customDump { text in written.withValue { $0.append(text) } })
    }
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(
      written.value == [
        """
        received action:
          SharedPrintedCounter.Action.increment
          (No state changes)

        """
      ])
  }

  @Test
  func aPrintingStoreLeavesATestStoresUnassertedSharedChangeToIt() async {
    let count = Shared(value: 0)
    let store = TestStore(initialState: SharedPrintedCounter.State(count: count)) {
      SharedPrintedCounter()
    }
    // An effect changes the shared count; the test has not asserted it yet.
    await store.send(.incrementLater).finish()
    // Another store, printing its changes, changes the same count meanwhile.
    let printing = Store(initialState: SharedPrintedCounter.State(count: count)) {
      SharedPrintedCounter()._printChanges(.customDump { _ in })
    }
    printing.send(.increment)
    #expect(count.wrappedValue == 2)
    // The test store still sees the change it was not told of.
    await withKnownIssue {
      await store.send(.noop)
    } matching: { issue in
      message(of: issue).hasPrefix("State was not expected to change, but a change occurred")
    }
  }
}

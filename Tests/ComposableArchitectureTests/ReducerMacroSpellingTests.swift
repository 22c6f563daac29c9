import ComposableArchitecture
import Testing

// Features declared the way tests and features declare them every day: privately, with their
// domain in the body's type, with enum state, and with cases behind `#if`.

/// A private feature with its own state and actions.
@Reducer
private struct PrivateCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case incrementLater
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .incrementLater:
        return .send(.incrementButtonTapped)
      }
    }
  }
}

/// A private feature whose state, actions and body are all generated.
@Reducer
private struct PrivateEmptyFeature {}

/// A private feature that embeds a private child.
@Reducer
private struct PrivateParent {
  @ObservableState
  struct State: Equatable {
    var counter = PrivateCounter.State()
  }

  enum Action: Equatable {
    case counter(PrivateCounter.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) {
      PrivateCounter()
    }
  }
}

/// A feature whose domain is named by its body's type: no `State` or `Action` of its own.
@Reducer
private struct Tally {
  var body: some Reducer<Int, Bool> {
    Reduce { state, isUp in
      state += isUp ? 1 : -1
      return .none
    }
  }
}

/// A feature whose domain is given by type aliases.
@Reducer
private struct AliasedTally {
  typealias State = Int
  typealias Action = Bool

  var body: some ReducerOf<Self> {
    Reduce { state, isUp in
      state += isUp ? 10 : -10
      return .none
    }
  }
}

/// A feature whose domain is named by its `reduce(into:action:)`.
@Reducer
private struct ReducingTally {
  @available(*, deprecated, message: "Kept to check a reducer built this way")
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += action ? 100 : -100
    return .none
  }
}

/// The child run while signed in.
@Reducer
private struct SignedIn {
  @ObservableState
  struct State: Equatable {
    var name: String
    var visits = 0
  }

  enum Action: Equatable {
    case signOutButtonTapped
    case visit
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .signOutButtonTapped:
        return .none
      case .visit:
        state.visits += 1
        return .none
      }
    }
  }
}

/// The child run while signed out.
@Reducer
private struct SignedOut {
  @ObservableState
  struct State: Equatable {
    var attempts = 0
  }

  enum Action: Equatable {
    case signInButtonTapped(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.attempts += 1
      return .none
    }
  }
}

/// A feature whose state is an enum: `@Reducer` makes it `@CasePathable` and
/// `@dynamicMemberLookup`, so `\.signedIn` reaches its case.
@Reducer
private struct Account {
  @ObservableState
  enum State: Equatable {
    case signedIn(SignedIn.State)
    case signedOut(SignedOut.State)
  }

  enum Action: Equatable {
    case signedIn(SignedIn.Action)
    case signedOut(SignedOut.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.signedOut, action: \.signedOut) {
      SignedOut()
    }
    Reduce { state, action in
      switch action {
      case .signedIn(.signOutButtonTapped):
        state = .signedOut(SignedOut.State())
        return .none
      case let .signedOut(.signInButtonTapped(name)):
        state = .signedIn(SignedIn.State(name: name))
        return .none
      case .signedIn, .signedOut:
        return .none
      }
    }
    .ifCaseLet(\.signedIn, action: \.signedIn) {
      SignedIn()
    }
  }
}

/// A destination enum with a case that exists only in some builds.
@Reducer
private enum Screen {
  case counter(PrivateCounter)
  #if DEBUG
    case debugCounter(PrivateCounter)
  #else
    case releaseNote(SignedOut)
  #endif
  case alert(AlertState<Never>)
}

/// A destination enum whose generated state and actions are `Equatable`, declared in
/// extensions (the attribute's arguments are deprecated; `DeprecatedSynthesizedConformanceTests`).
@Reducer
private enum Modal {
  case counter(PrivateCounter)
  case signedOut(SignedOut)
}

extension Modal.State: Equatable {}
extension Modal.Action: Equatable {}

/// Presents a `Screen`.
@Reducer
private struct ScreenHost {
  @ObservableState
  struct State: Equatable {
    @Presents var screen: Screen.State?
  }

  enum Action {
    case screen(PresentationAction<Screen.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$screen, action: \.screen)
  }
}

extension Screen.State: Equatable {}

@MainActor
@Suite
struct ReducerMacroSpellingTests {
  /// A feature declared inside the suite, as tests declare them.
  @Reducer
  fileprivate struct NestedFeature {
    @ObservableState
    struct State: Equatable {
      var text = ""
    }

    enum Action: Equatable {
      case textChanged(String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .textChanged(text):
          state.text = text
          return .none
        }
      }
    }
  }

  @Test
  func privateReducerRunsInATestStore() async {
    let store = TestStore(initialState: PrivateCounter.State()) { PrivateCounter() }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.incrementLater)
    await store.receive(\.incrementButtonTapped) {
      $0.count = 2
    }
  }

  @Test
  func privateReducerGetsItsEmptyDomain() async {
    let store = TestStore(initialState: PrivateEmptyFeature.State()) {
      PrivateEmptyFeature()
    }
    #expect(store.state == PrivateEmptyFeature.State())
  }

  @Test
  func privateParentScopesToPrivateChild() async {
    let store = TestStore(initialState: PrivateParent.State()) { PrivateParent() }
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.count = 1
    }
  }

  @Test
  func reducerDeclaredInsideTheSuiteRuns() async {
    let store = TestStore(initialState: NestedFeature.State()) { NestedFeature() }
    await store.send(.textChanged("Blob")) {
      $0.text = "Blob"
    }
  }

  @Test
  func domainComesFromTheBodysType() async {
    let store = TestStore(initialState: 0) { Tally() }
    await store.send(true) {
      $0 = 1
    }
    await store.send(false) {
      $0 = 0
    }
    let _: StoreOf<Tally> = Store<Int, Bool>(initialState: 0) { Tally() }
  }

  @Test
  func domainComesFromTypeAliases() async {
    let store = TestStore(initialState: 0) { AliasedTally() }
    await store.send(true) {
      $0 = 10
    }
  }

  @Test
  func domainComesFromReduceIntoAction() async {
    let store = TestStore(initialState: 0) { ReducingTally() }
    await store.send(false) {
      $0 = -100
    }
  }

  @Test
  func enumStateCasesAreReachedByCaseKeyPaths() async {
    let store = TestStore(initialState: Account.State.signedOut(SignedOut.State())) {
      Account()
    }
    await store.send(.signedOut(.signInButtonTapped("Blob"))) {
      $0 = .signedIn(SignedIn.State(name: "Blob"))
    }
    await store.send(\.signedIn.visit) {
      $0.modify(\.signedIn) { $0.visits = 1 }
    }
    #expect(store.state.signedIn?.name == "Blob")
    #expect(store.state.signedOut == nil)
    #expect(store.state.is(\.signedIn))
    await store.send(.signedIn(.signOutButtonTapped)) {
      $0 = .signedOut(SignedOut.State())
    }
  }

  @Test
  func enumReducerKeepsCasesBehindIfConfig() async {
    #if DEBUG
      let store = TestStore(
        initialState: ScreenHost.State(screen: .debugCounter(PrivateCounter.State()))
      ) {
        ScreenHost()
      }
      await store.send(\.screen.presented.debugCounter.incrementButtonTapped) {
        $0.screen?.modify(\.debugCounter) { $0.count = 1 }
      }
    #else
      let store = TestStore(
        initialState: ScreenHost.State(screen: .releaseNote(SignedOut.State()))
      ) {
        ScreenHost()
      }
      await store.send(\.screen.presented.releaseNote.signInButtonTapped, "Blob") {
        $0.screen?.modify(\.releaseNote) { $0.attempts = 1 }
      }
    #endif
    let host = Store(initialState: ScreenHost.State(screen: .counter(PrivateCounter.State()))) {
      ScreenHost()
    }
    host.send(.screen(.presented(.counter(.incrementButtonTapped))))
    #expect(host.screen?.counter?.count == 1)
    guard
      let screen = host.scope(state: \.screen, action: \.screen.presented),
      case let .counter(counter) = screen.case
    else {
      Issue.record("Expected the counter screen")
      return
    }
    #expect(counter.count == 1)
    #expect(Screen.State.alert(AlertState { TextState("Hi") })._$isEphemeral)
    #expect(!Screen.State.counter(PrivateCounter.State())._$isEphemeral)
  }

  @Test
  func caseScopeReachesTheChildStoreOfTheCurrentCase() {
    let host = Store(initialState: ScreenHost.State(screen: .counter(PrivateCounter.State()))) {
      ScreenHost()
    }
    guard let screen = host.scope(\.screen, action: \.screen.presented) else {
      Issue.record("Expected a screen")
      return
    }
    screen.case.counter?.send(.incrementButtonTapped)
    #expect(screen.case.counter?.count == 1)
    #expect(screen.case.alert == nil)
    #expect(screen.case.is(\.counter))
  }

  @Test
  func enumReducerStateAndActionGetTheConformancesAskedFor() {
    #expect(Modal.State.counter(PrivateCounter.State()) == .counter(PrivateCounter.State()))
    #expect(Modal.State.counter(PrivateCounter.State()) != .signedOut(SignedOut.State()))
    #expect(Modal.Action.counter(.incrementButtonTapped) == .counter(.incrementButtonTapped))
  }
}

/// A feature with a helper reducer nested in it whose `body` names `State` and `Action`: as in
/// TCA, `@Reducer` generates nothing for the helper, so the names are the feature's.
@Reducer
private struct HelpedCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case tapped
  }

  @Reducer
  struct Incrementing {
    var body: some Reducer<State, Action> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  var body: some ReducerOf<Self> {
    Incrementing()
    Incrementing()
  }
}

/// A reducer whose domain comes from a stored `body`.
@Reducer
private struct StoredBodyReducer {
  let body = Reduce<Int, Int> { state, action in
    state += action
    return .none
  }
}

@MainActor
struct ReducerMacroDomainSpellingTests {
  @Test
  func aNestedHelperWhoseBodyNamesStateAndActionUsesTheParentsDomain() async {
    let store = TestStore(initialState: HelpedCounter.State()) { HelpedCounter() }
    await store.send(.tapped) {
      $0.count = 2
    }
  }

  @Test
  func theDomainComesFromAStoredBody() async {
    let store = TestStore(initialState: 1) { StoredBodyReducer() }
    await store.send(41) {
      $0 = 42
    }
    let _: StoreOf<StoredBodyReducer> = Store<Int, Int>(initialState: 0) { StoredBodyReducer() }
  }
}

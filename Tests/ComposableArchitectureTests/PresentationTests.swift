import ComposableArchitecture
import Testing

/// A presented counter that can tick, save (telling its parent) and dismiss itself.
@Reducer
struct PresentedCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case closeButtonTapped
    case delegate(Delegate)
    case saveButtonTapped
    case startTimer
    case tick

    enum Delegate: Equatable {
      case saved(Int)
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        return .run { [dismiss] _ in
          await dismiss()
        }
      case .delegate:
        return .none
      case .saveButtonTapped:
        return .send(.delegate(.saved(state.count)))
      case .startTimer:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
  }
}

/// A parent presenting a counter and an alert.
@Reducer
struct PresentingParent {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var counter: PresentedCounter.State?
    var saved: [Int] = []
    var deleted = false
  }

  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case counter(PresentationAction<PresentedCounter.Action>)
    case deleteTapped
    case hideCounterTapped
    case showCounterTapped

    enum Alert: Equatable {
      case confirmDeletion
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        state.deleted = true
        return .none
      case .alert:
        return .none
      case let .counter(.presented(.delegate(.saved(count)))):
        state.saved.append(count)
        state.counter = nil
        return .none
      case .counter:
        return .none
      case .deleteTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        }
        return .none
      case .hideCounterTapped:
        state.counter = nil
        return .none
      case .showCounterTapped:
        state.counter = PresentedCounter.State()
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$counter, action: \.counter) {
      PresentedCounter()
    }
  }
}

/// A child whose save, once let through its gate, dismisses it; the gate ignores cancellation,
/// like work that finishes after its feature went away.
@Reducer
struct GatedSaver {
  @ObservableState
  struct State: Equatable {}

  enum Action: Equatable {
    case saveTapped
  }

  let gate: LockIsolated<Bool>
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { _, _ in
      .run { [gate] _ in
        while !gate.value { await Task.yield() }
        await self.dismiss()
      }
    }
  }
}

/// Presents a ``GatedSaver`` and takes it away again.
@Reducer
struct GatedSaverParent {
  @ObservableState
  struct State: Equatable {
    @Presents var saver: GatedSaver.State?
  }

  enum Action: Equatable {
    case hide
    case saver(PresentationAction<GatedSaver.Action>)
    case show
  }

  let gate: LockIsolated<Bool>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .hide: state.saver = nil
      case .saver: break
      case .show: state.saver = GatedSaver.State()
      }
      return .none
    }
    .ifLet(\.$saver, action: \.saver) { GatedSaver(gate: self.gate) }
  }
}

@MainActor
@Suite
struct PresentationTests {
  @Test
  func aStoreOfThePresentationStateObservesPresentingAndDismissing() {
    let store = Store(initialState: PresentingParent.State()) { PresentingParent() }
    let presentation = store.scope(state: \.$counter, action: \.counter)
    let presented = observeChanges { _ = presentation.state }
    store.send(.showCounterTapped)
    #expect(presented.value)
    #expect(presentation.state.wrappedValue == PresentedCounter.State())

    let dismissed = observeChanges { _ = presentation.state }
    store.send(.hideCounterTapped)
    #expect(dismissed.value)
    #expect(presentation.state.wrappedValue == nil)
  }

  @Test
  func aDismissalNotifiesTheObserversOfThePresentedField() {
    let store = Store(initialState: PresentingParent.State()) { PresentingParent() }
    store.send(.showCounterTapped)
    let dismissed = observeChanges { _ = store.counter }
    store.send(.counter(.dismiss))
    #expect(dismissed.value)
    #expect(store.counter == nil)

    // An alert dismissed by its own action, the other way a presented child goes away.
    store.send(.deleteTapped)
    #expect(store.alert != nil)
    let alertDismissed = observeChanges { _ = store.alert }
    store.send(.alert(.presented(.confirmDeletion)))
    #expect(alertDismissed.value)
    #expect(store.alert == nil)
  }

  @Test
  func dismissActionSetsTheChildToNilAfterTheParentRan() async {
    let store = TestStore(initialState: PresentingParent.State()) { PresentingParent() }
    await store.send(.showCounterTapped) {
      $0.counter = PresentedCounter.State()
    }
    await store.send(.counter(.dismiss)) {
      $0.counter = nil
    }
  }

  @Test
  func childDismissesItselfThroughTheDismissDependency() async {
    let store = TestStore(initialState: PresentingParent.State()) { PresentingParent() }
    await store.send(.showCounterTapped) {
      $0.counter = PresentedCounter.State()
    }
    await store.send(.counter(.presented(.closeButtonTapped)))
    await store.receive(.counter(.dismiss)) {
      $0.counter = nil
    }
  }

  @Test
  func dismissingCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: PresentingParent.State()) {
      PresentingParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showCounterTapped) {
      $0.counter = PresentedCounter.State()
    }
    await store.send(.counter(.presented(.startTimer)))
    await waitForSleep(on: clock)
    await clock.advance(by: .seconds(1))
    await store.receive(.counter(.presented(.tick))) {
      $0.counter?.count = 1
    }
    await store.send(.hideCounterTapped) {
      $0.counter = nil
    }
    // The timer went with the child: nothing is left running.
    await store.finish()
  }

  @Test
  func delegateActionsReachTheParent() async {
    let store = TestStore(
      initialState: PresentingParent.State(counter: PresentedCounter.State(count: 3))
    ) {
      PresentingParent()
    }
    await store.send(.counter(.presented(.saveButtonTapped)))
    await store.receive(.counter(.presented(.delegate(.saved(3))))) {
      $0.saved = [3]
      $0.counter = nil
    }
  }

  @Test
  func alertIsDismissedAfterAButtonAndTheParentHandlesItsAction() async {
    let store = TestStore(initialState: PresentingParent.State()) { PresentingParent() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      }
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.deleted = true
      $0.alert = nil
    }
  }

  @Test
  func dismissingNothingIsReported() async {
    let store = TestStore(initialState: PresentingParent.State()) { PresentingParent() }
    await withKnownIssue {
      await store.send(.counter(.dismiss))
    } matching: { issue in
      issue.description.contains(
        "An \"ifLet\" at \"ComposableArchitectureTests/PresentationTests.swift:")
        && issue.description.contains(
          "received a presentation action when destination state was absent. …")
        && issue.description.contains(".counter(.dismiss)")
        && issue.description.hasSuffix(
          "use a Composable Architecture view modifier like \"sheet(store:…)\".")
    }
  }

  @Test
  func projectedPresentationStateHoldsThePresentedState() {
    var state = PresentingParent.State()
    #expect(state.$counter.wrappedValue == nil)
    state.counter = PresentedCounter.State(count: 2)
    #expect(state.$counter.wrappedValue == PresentedCounter.State(count: 2))
  }
}

@MainActor
@Suite
struct PresentedStoreTests {
  @Test
  func scopingToAPresentedChildGivesAStoreOnlyWhilePresented() {
    let store = Store(initialState: PresentingParent.State()) { PresentingParent() }
    #expect(store.scope(state: \.counter, action: \.counter.presented) == nil)
    store.send(.showCounterTapped)
    let counter = store.scope(state: \.counter, action: \.counter.presented)
    // `\.counter.presented` names a case of the `counter` case's payload: every send, not only
    // the first, must arrive as `.counter(.presented(_))`.
    for _ in 1...3 {
      counter?.send(.tick)
    }
    #expect(store.counter?.count == 3)
    store.send(.counter(.dismiss))
    #expect(store.scope(state: \.counter, action: \.counter.presented) == nil)
  }

  @Test
  func aPresentedChildsStoreIsObservedAndKeepsItsLastStateOnceDismissed() {
    let store = Store(initialState: PresentingParent.State()) { PresentingParent() }
    store.send(.showCounterTapped)
    let counter = store.scope(state: \.counter, action: \.counter.presented)!
    let firedForCount = observeChanges { _ = counter.count }
    let firedForPresentation = observeChanges { _ = store.counter }
    counter.send(.tick)
    #expect(counter.count == 1)
    #expect(firedForCount.value)
    // A change inside the child is not a change of which child is presented.
    #expect(!firedForPresentation.value)

    counter.send(.tick)
    // The last state is the one last read, as a view reads it (and as TCA's stores of optional
    // state remember it).
    #expect(counter.count == 2)
    store.send(.counter(.dismiss))
    #expect(firedForPresentation.value)
    #expect(counter.count == 2)
  }

  @Test
  func aChildDismissesItselfEvenBeforeTheEffectWaitingForItHasStarted() async {
    // The child's `dismiss()` runs on another task than the parent's effect waiting for it, and
    // either may run first; the child must be dismissed either way. The order is up to the
    // scheduler, so the scenario is repeated.
    let store = Store(initialState: PresentingParent.State()) { PresentingParent() }
    for attempt in 1...200 {
      store.send(.showCounterTapped)
      #expect(store.withState { $0.counter != nil })
      store.send(.counter(.presented(.closeButtonTapped)))
      let dismissed = await eventually { store.withState { $0.counter == nil } }
      #expect(dismissed, "The child was not dismissed at attempt \(attempt).")
      guard dismissed else { break }
    }
  }

  @Test
  func aChildTakenAwayCannotDismissTheNextOneFromAnEffectThatOutlivedIt() async {
    // The first child's save finishes after the parent took it away and presented another:
    // its `dismiss()` must reach nobody, whichever of it and the cancelled listener of the
    // first child runs first. The order is up to the scheduler, so the scenario is repeated.
    let gate = LockIsolated(false)
    let store = Store(initialState: GatedSaverParent.State()) { GatedSaverParent(gate: gate) }
    for attempt in 1...100 {
      gate.setValue(false)
      store.send(.show)
      store.send(.saver(.presented(.saveTapped)))
      store.send(.hide)
      store.send(.show)
      gate.setValue(true)
      try? await Task.sleep(for: .milliseconds(5))
      let presented = store.withState { $0.saver != nil }
      #expect(presented, "The next child was dismissed at attempt \(attempt).")
      guard presented else { break }
    }
  }

  @Test
  func confirmationDialogsCompareByContentAndKeepTheirIdentityWhenMapped() {
    enum Choice: Equatable { case copyLink }
    let dialog = ConfirmationDialogState<Choice> {
      TextState("Share")
    } actions: {
      ButtonState(action: .copyLink) { TextState("Copy link") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let same = ConfirmationDialogState<Choice> {
      TextState("Share")
    } actions: {
      ButtonState(action: .copyLink) { TextState("Copy link") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    #expect(dialog == same)
    #expect(dialog.id != same.id)
    #expect(dialog.map { $0 }.id == dialog.id)
  }
}

/// A presented child whose reducer can replace its own state with a new value.
@Reducer
private struct Resettable {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case reset
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
      case .reset:
        state = State()
      }
      return .none
    }
  }
}

@Reducer
private struct ResettableHost {
  @ObservableState
  struct State: Equatable {
    @Presents var child: Resettable.State? = Resettable.State()
  }

  enum Action: Equatable {
    case child(PresentationAction<Resettable.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: \.child) { Resettable() }
  }
}

@MainActor
struct PresentedChildReplacementTests {
  @Test
  func aChildReplacingItsOwnStateNotifiesObserversOfThePresentation() {
    let store = Store(initialState: ResettableHost.State()) { ResettableHost() }
    let child = store.scope(state: \.child, action: \.child.presented)!
    let firedForIncrement = observeChanges { _ = store.child }
    child.send(.increment)
    #expect(!firedForIncrement.value)

    let firedForReset = observeChanges { _ = store.child }
    child.send(.reset)
    #expect(store.child?.count == 0)
    #expect(firedForReset.value)
  }
}

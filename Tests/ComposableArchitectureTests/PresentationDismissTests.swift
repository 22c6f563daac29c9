import ComposableArchitecture
import Foundation
import Testing

/// A child that closes itself through `@Dependency(\.dismiss)`.
@Reducer
struct ClosingChild {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 1
  }

  enum Action: Equatable {
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .closeTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }
}

/// A child that closes itself as SwiftUI code spells it: with an animation, or a transaction.
@Reducer
struct AnimatedClosingChild {
  @ObservableState
  struct State: Equatable {}

  enum Action: Equatable {
    case closeTapped(animated: Bool)
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .closeTapped(animated: true):
        .run { [dismiss] _ in await dismiss(animation: .default) }
      case .closeTapped(animated: false):
        .run { [dismiss] _ in await dismiss(transaction: .init(animation: .easeInOut)) }
      }
    }
  }
}

/// Presents an ``AnimatedClosingChild``.
@Reducer
struct AnimatedClosingHost {
  @ObservableState
  struct State: Equatable {
    @Presents var child: AnimatedClosingChild.State?
  }

  enum Action: Equatable {
    case child(PresentationAction<AnimatedClosingChild.Action>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: \.child) { AnimatedClosingChild() }
  }
}

/// Presents a ``ClosingChild`` itself, or lets another reducer (after its `ifLet`) present one;
/// can restore a whole saved state, and presents the next child when the current one is
/// dismissed while chaining.
@Reducer
struct ClosingChildHost {
  @ObservableState
  struct State: Equatable {
    @Presents var child: ClosingChild.State?
    var chains = false
  }

  enum Action: Equatable {
    case child(PresentationAction<ClosingChild.Action>)
    case presentedElsewhere
    case restored(State)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child(.dismiss):
        if state.chains, let child = state.child {
          state.child = ClosingChild.State(id: child.id + 1)
        }
        return .none
      case .child, .presentedElsewhere:
        return .none
      case let .restored(saved):
        state = saved
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) {
      ClosingChild()
    }
    Reduce { state, action in
      if case .presentedElsewhere = action {
        state.child = ClosingChild.State()
      }
      return .none
    }
  }
}

/// A stack of ``ClosingChild`` screens.
@Reducer
struct ClosingStack {
  @ObservableState
  struct State: Equatable {
    var path = StackState<ClosingChild.State>()
  }

  enum Action: Equatable {
    case path(StackActionOf<ClosingChild>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path) {
        ClosingChild()
      }
  }
}

/// Presents and stacks ``ClosingChild`` screens, and presents a ``ClosingChildHost``, each given
/// `dismissal` as its own with a `dependency` modifier (by key path, and by type).
@Reducer
struct OverridingHost {
  @ObservableState
  struct State: Equatable {
    @Presents var child: ClosingChild.State?
    @Presents var host: ClosingChildHost.State?
    var path = StackState<ClosingChild.State>()
  }

  enum Action: Equatable {
    case child(PresentationAction<ClosingChild.Action>)
    case host(PresentationAction<ClosingChildHost.Action>)
    case path(StackActionOf<ClosingChild>)
  }

  let dismissal: DismissEffect

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: \.child) {
        ClosingChild().dependency(\.dismiss, self.dismissal)
      }
      .ifLet(\.$host, action: \.host) {
        ClosingChildHost().dependency(self.dismissal)
      }
      .forEach(\.path, action: \.path) {
        ClosingChild().dependency(self.dismissal)
      }
  }
}

/// A child whose state can be saved, closing itself through `@Dependency(\.dismiss)`.
@Reducer
struct SavedChild {
  struct State: Equatable, Codable {
    var note = ""
  }

  enum Action: Equatable {
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { _, _ in
      .run { [dismiss] _ in await dismiss() }
    }
  }
}

/// Presents a ``SavedChild`` in state that can be saved and restored.
@Reducer
struct SavedHost {
  struct State: Equatable, Codable {
    @PresentationState var child: SavedChild.State?
    var path = StackState<SavedChild.State>()
  }

  enum Action: Equatable {
    case child(PresentationAction<SavedChild.Action>)
    case path(StackActionOf<SavedChild>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$child, action: \.child) { SavedChild() }
      .forEach(\.path, action: \.path) { SavedChild() }
  }
}

@MainActor
@Suite
struct PresentationDismissTests {
  @Test
  func childrenDecodedFromSavedStateDismissThemselves() async throws {
    let saved = try JSONEncoder().encode(
      SavedHost.State(
        child: SavedChild.State(note: "draft"), path: StackState([SavedChild.State(note: "top")])))
    let restored = try withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      try JSONDecoder().decode(SavedHost.State.self, from: saved)
    }
    #expect(restored.child == SavedChild.State(note: "draft"))
    let store = TestStore(initialState: restored) { SavedHost() }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
    }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test(arguments: [true, false])
  func aChildDismissesItselfWithAnAnimationOrATransaction(animated: Bool) async {
    let store = TestStore(
      initialState: AnimatedClosingHost.State(child: AnimatedClosingChild.State())
    ) {
      AnimatedClosingHost()
    }
    await store.send(.child(.presented(.closeTapped(animated: animated))))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test
  func aChildInTheInitialStateDismissesItself() async {
    let store = TestStore(initialState: ClosingChildHost.State(child: ClosingChild.State())) {
      ClosingChildHost()
    }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test
  func aChildInRestoredStateDismissesItself() async {
    let store = TestStore(initialState: ClosingChildHost.State()) { ClosingChildHost() }
    let saved = ClosingChildHost.State(child: ClosingChild.State(id: 7))
    await store.send(.restored(saved)) {
      $0.child = ClosingChild.State(id: 7)
    }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test
  func aChildPresentedByAnotherReducerDismissesItself() async {
    let store = TestStore(initialState: ClosingChildHost.State()) { ClosingChildHost() }
    await store.send(.presentedElsewhere) {
      $0.child = ClosingChild.State()
    }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
    }
  }

  @Test
  func aStackElementInTheInitialStateDismissesItself() async {
    let store = TestStore(
      initialState: ClosingStack.State(path: StackState([ClosingChild.State()]))
    ) {
      ClosingStack()
    }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test
  func dismissKeepsAChildThatTheParentPresentedInsteadWhileHandlingIt() async {
    let store = TestStore(
      initialState: ClosingChildHost.State(child: ClosingChild.State(id: 1), chains: true)
    ) {
      ClosingChildHost()
    }
    await store.send(.child(.dismiss)) {
      $0.child = ClosingChild.State(id: 2)
    }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = ClosingChild.State(id: 3)
    }
  }

  @Test
  func dismissingOutsideOfAPresentedFeatureIsReportedWithTheCallSite() async {
    // A store at the root has nothing to dismiss (a test store's root dismisses the test store).
    let store = Store(initialState: ClosingChild.State()) { ClosingChild() }
    await withKnownIssue {
      await store.send(.closeTapped).finish()
    } matching: { issue in
      issue.description.contains(
        """
        A reducer requested dismissal at "ComposableArchitectureTests/PresentationDismissTests.swift:
        """)
        && issue.description.contains("but couldn't be dismissed. …")
        && issue.description.contains("use @Dependency(\\.isPresented) to determine")
    }
  }

  @Test
  func aPresentedChildDismissesItselfThoughTheTestGivesADismissByHand() async {
    let dismissed = LockIsolated(false)
    let store = TestStore(initialState: ClosingChildHost.State(child: ClosingChild.State())) {
      ClosingChildHost()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
    }
    await store.send(.child(.presented(.closeTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
    }
    #expect(!dismissed.value)
  }

  @Test
  func aDismissEffectGivenByHandRunsInsteadOfTheNavigation() async {
    let dismissed = LockIsolated(false)
    let store = TestStore(initialState: ClosingChild.State()) {
      ClosingChild()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
    }
    await store.send(.closeTapped).finish()
    #expect(dismissed.value)
  }

  // As in TCA, where the presenting reducer gives its child a dismissal with a dependency
  // modifier, one given to the presented child itself is further in, and wins.
  @Test
  func aDismissGivenToThePresentedChildItselfRunsInsteadOfItsPresenters() async {
    let dismissed = LockIsolated(0)
    let store = TestStore(initialState: OverridingHost.State(child: ClosingChild.State())) {
      OverridingHost(dismissal: DismissEffect { dismissed.withValue { $0 += 1 } })
    }
    await store.send(.child(.presented(.closeTapped))).finish()
    #expect(dismissed.value == 1)
  }

  @Test
  func aDismissGivenToTheStackedChildItselfRunsInsteadOfItsStacks() async {
    let dismissed = LockIsolated(0)
    let store = TestStore(
      initialState: OverridingHost.State(path: StackState([ClosingChild.State()]))
    ) {
      OverridingHost(dismissal: DismissEffect { dismissed.withValue { $0 += 1 } })
    }
    await store.send(.path(.element(id: 0, action: .closeTapped))).finish()
    #expect(dismissed.value == 1)
  }

  @Test
  func aFeaturePresentedInsideTheOneGivenADismissStillDismissesItself() async {
    let dismissed = LockIsolated(0)
    let store = TestStore(
      initialState: OverridingHost.State(
        host: ClosingChildHost.State(child: ClosingChild.State()))
    ) {
      OverridingHost(dismissal: DismissEffect { dismissed.withValue { $0 += 1 } })
    }
    await store.send(.host(.presented(.child(.presented(.closeTapped)))))
    await store.receive(.host(.presented(.child(.dismiss)))) {
      $0.host?.child = nil
    }
    #expect(dismissed.value == 0)
  }
}

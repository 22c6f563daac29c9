import ComposableArchitecture
import Testing

/// A feature that can present itself, running a never-ending effect under a shared id.
@Reducer
struct CancellingLevel {
  @ObservableState
  struct State: Equatable {
    @Presents var child: CancellingLevel.State?
    var rows: IdentifiedArrayOf<IdentifiedTicker.State> = []
  }

  enum Action: Equatable {
    case child(PresentationAction<CancellingLevel.Action>)
    case presentChild
    case rows(IdentifiedActionOf<IdentifiedTicker>)
    case start
    case stopAll
    case stopRowTimers
  }

  enum CancelID { case work }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child, .rows:
        return .none
      case .presentChild:
        state.child = CancellingLevel.State()
        return .none
      case .start:
        return .run { _ in try await Task.never() }
          .cancellable(id: CancelID.work)
      case .stopAll:
        return .cancel(id: CancelID.work)
      case .stopRowTimers:
        return .cancel(id: IdentifiedTicker.CancelID.timer)
      }
    }
    .ifLet(\.$child, action: \.child) {
      CancellingLevel()
    }
    .forEach(\.rows, action: \.rows) {
      IdentifiedTicker()
    }
  }
}

@MainActor
@Suite
struct CancellationNavigationTests {
  @Test
  func aParentCancellingAnIDCancelsItInItsChildAndGrandchild() async {
    let store = TestStore(initialState: CancellingLevel.State()) { CancellingLevel() }
    await store.send(.presentChild) {
      $0.child = CancellingLevel.State()
    }
    await store.send(.child(.presented(.presentChild))) {
      $0.child?.child = CancellingLevel.State()
    }
    await store.send(.child(.presented(.start)))
    await store.send(.child(.presented(.child(.presented(.start)))))
    await store.send(.stopAll)
    await store.finish()
  }

  @Test
  func aChildCancellingAnIDCancelsItInItsChildButNotInItsParent() async {
    let store = TestStore(initialState: CancellingLevel.State()) { CancellingLevel() }
    await store.send(.presentChild) {
      $0.child = CancellingLevel.State()
    }
    await store.send(.child(.presented(.presentChild))) {
      $0.child?.child = CancellingLevel.State()
    }
    let root = await store.send(.start)
    await store.send(.child(.presented(.child(.presented(.start)))))
    await store.send(.child(.presented(.stopAll)))
    // The grandchild's effect is gone; the root's still runs.
    #expect(!root.isCancelled)
    await root.cancel()
    await store.finish()
  }

  @Test
  func aParentCancellingAnIDCancelsItInEveryRow() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: CancellingLevel.State(rows: [
        IdentifiedTicker.State(id: 1), IdentifiedTicker.State(id: 2),
      ])
    ) {
      CancellingLevel()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .start)))
    await store.send(.rows(.element(id: 2, action: .start)))
    await store.send(.stopRowTimers)
    await clock.advance(by: .seconds(1))
    await store.finish()
  }
}

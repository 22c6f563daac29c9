import ComposableArchitecture
import Testing

/// A feature that dismisses itself, tested on its own: the test store is what it dismisses.
@Reducer
private struct Sheet {
  struct State: Equatable {
    var ticks = 0
    var wasPresented: Bool?
  }

  enum Action: Equatable {
    case appeared
    case checkPresentation
    case closeButtonTapped
    case presentationChecked(Bool)
    case tick
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.isPresented) var isPresented

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .appeared:
        return .run { _ in try await Task.never() }
      case .checkPresentation:
        // Read in the effect: where it runs in navigation is what decides.
        return .run { send in await send(.presentationChecked(self.isPresented)) }
      case .closeButtonTapped:
        return .run { _ in await dismiss() }
      case let .presentationChecked(isPresented):
        state.wasPresented = isPresented
        return .none
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// A parent that shows the sheet through a plain optional (no `@Presents`): the sheet is not
/// presented, so its dismissal dismisses nothing, and it is not `isPresented`.
@Reducer
private struct PlainHost {
  struct State: Equatable {
    var sheet: Sheet.State?
  }

  enum Action: Equatable {
    case open
    case sheet(Sheet.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open:
        state.sheet = Sheet.State()
        return .none
      case .sheet:
        return .none
      }
    }
    .ifLet(\.sheet, action: \.sheet) {
      Sheet()
    }
  }
}

@MainActor
struct TestStoreDismissTests {
  @Test
  func aFeatureTheRootEmbedsWithoutPresentingItDismissesNothing() async {
    let store = TestStore(initialState: PlainHost.State()) { PlainHost() }
    await store.send(.open) {
      $0.sheet = Sheet.State()
    }
    await store.send(.sheet(.closeButtonTapped)).finish()
    #expect(!store.isDismissed)
    await store.send(.sheet(.tick)) {
      $0.sheet?.ticks = 1
    }
  }

  @Test
  func aFeatureTheRootEmbedsWithoutPresentingItIsNotPresented() async {
    let store = TestStore(initialState: PlainHost.State(sheet: Sheet.State())) { PlainHost() }
    await store.send(.sheet(.checkPresentation))
    await store.receive(\.sheet.presentationChecked) {
      $0.sheet?.wasPresented = false
    }
  }

  @Test
  func theRootReducersDismissDismissesTheTestStore() async {
    let store = TestStore(initialState: Sheet.State()) { Sheet() }
    await store.send(.appeared)
    #expect(!store.isDismissed)
    await store.send(.closeButtonTapped).finish()
    #expect(store.isDismissed)
    // Its long-living effect was cancelled with it: nothing is left in flight.
    await store.finish()
    await withKnownIssue {
      await store.send(.tick)
    } matching: { issue in
      message(of: issue) == "Can't send action to dismissed test store."
    }
    #expect(store.state.ticks == 0)
  }

  @Test
  func aDismissGivenAroundTheStoreRunsInstead() async {
    let dismissed = LockIsolated(false)
    await withDependencies {
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
    } operation: {
      let store = TestStore(initialState: Sheet.State()) { Sheet() }
      await store.send(.closeButtonTapped).finish()
      #expect(dismissed.value)
      #expect(!store.isDismissed)
    }
  }

  @Test
  func aDismissOverriddenByTheTestRunsInstead() async {
    let dismissed = LockIsolated(false)
    let store = TestStore(initialState: Sheet.State()) {
      Sheet()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
    }
    await store.send(.closeButtonTapped).finish()
    #expect(dismissed.value)
    #expect(!store.isDismissed)
    await store.send(.tick) {
      $0.ticks = 1
    }
  }

  // As in TCA, where `isPresented` is whether `dismiss` does something: a feature tested alone
  // with a dismissal given by hand is presented, so code guarding `dismiss()` with it runs.
  @Test
  func aDismissGivenByHandMakesTheFeaturePresented() async {
    let store = TestStore(initialState: Sheet.State()) {
      Sheet()
    } withDependencies: {
      $0.dismiss = DismissEffect {}
    }
    await store.send(.checkPresentation)
    await store.receive(\.presentationChecked) {
      $0.wasPresented = true
    }
    let alone = TestStore(initialState: Sheet.State()) { Sheet() }
    await alone.send(.checkPresentation)
    await alone.receive(\.presentationChecked) {
      $0.wasPresented = false
    }
  }
}

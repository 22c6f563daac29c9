import ComposableArchitecture
import Testing

/// A child that counts.
@Reducer
private struct Stepper {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id = 0
    var value = 0
  }

  enum Action: Equatable {
    case stepUp
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.value += 1
      return .none
    }
  }
}

/// A parent that runs its children with the unlabelled `Scope(_:action:)`.
@Reducer
private struct Dashboard {
  @ObservableState
  struct State: Equatable {
    var primary = Stepper.State()
    var secondary: Stepper.State?
    var steppers: IdentifiedArrayOf<Stepper.State> = []
  }

  enum Action: Equatable {
    case primary(Stepper.Action)
    case secondary(Stepper.Action)
    case steppers(IdentifiedActionOf<Stepper>)
  }

  var body: some ReducerOf<Self> {
    Scope(\.primary, action: \.primary) {
      Stepper()
    }
    EmptyReducer()
      .ifLet(\.secondary, action: \.secondary) {
        Stepper()
      }
      .forEach(\.steppers, action: \.steppers) {
        Stepper()
      }
  }
}

/// A parent whose state is an enum, run with the unlabelled `Scope(_:action:)` on a case.
@Reducer
private struct Mode {
  @ObservableState
  enum State: Equatable {
    case stepping(Stepper.State)
    case idle
  }

  enum Action: Equatable {
    case stepping(Stepper.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(\.stepping, action: \.stepping) {
      Stepper()
    }
  }
}

@MainActor
@Suite
struct UnlabeledScopeTests {
  @Test
  func scopeWithoutStateLabelRunsTheChild() async {
    let store = TestStore(initialState: Dashboard.State()) { Dashboard() }
    await store.send(\.primary.stepUp) {
      $0.primary.value = 1
    }
  }

  @Test
  func scopeWithoutStateLabelRunsTheChildOnItsCase() async {
    let store = TestStore(initialState: Mode.State.stepping(Stepper.State())) { Mode() }
    await store.send(\.stepping.stepUp) {
      $0 = .stepping(Stepper.State(value: 1))
    }
  }

  @Test
  func scopeWithoutStateLabelReportsAnActionForAnotherCase() {
    let store = Store(initialState: Mode.State.idle) { Mode() }
    withKnownIssue {
      store.send(.stepping(.stepUp))
    } matching: { issue in
      issue.description.contains("Scope") && issue.description.contains("different case")
    }
  }

  @Test
  func storeScopeWithoutStateLabelIsTheSameStoreAsTheLabelledOne() {
    let store = Store(initialState: Dashboard.State()) { Dashboard() }
    let primary = store.scope(\.primary, action: \.primary)
    #expect(primary === store.scope(state: \.primary, action: \.primary))
    primary.send(.stepUp)
    #expect(store.primary.value == 1)
    #expect(primary.value == 1)
  }

  @Test
  func optionalStoreScopeWithoutStateLabel() {
    let store = Store(initialState: Dashboard.State()) { Dashboard() }
    #expect(store.scope(\.secondary, action: \.secondary) == nil)

    let present = Store(initialState: Dashboard.State(secondary: Stepper.State())) {
      Dashboard()
    }
    let secondary = present.scope(\.secondary, action: \.secondary)
    secondary?.send(.stepUp)
    #expect(present.secondary?.value == 1)
  }

  @Test
  func collectionStoreScopeWithoutStateLabel() {
    let store = Store(
      initialState: Dashboard.State(steppers: [Stepper.State(id: 1), Stepper.State(id: 2)])
    ) {
      Dashboard()
    }
    let rows = store.scope(\.steppers, action: \.steppers)
    #expect(rows.map { $0.withState(\.id) } == [1, 2])
    rows.last?.send(.stepUp)
    #expect(store.steppers[id: 2]?.value == 1)
  }
}

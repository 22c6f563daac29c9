import ComposableArchitecture
import Observation
import Testing

// MARK: - Features

@Reducer
struct ObservedChild {
  @ObservableState
  struct State: Equatable {
    var value = 0
    var other = 0
  }

  enum Action: Equatable {
    case incrementValue
    case incrementOther
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementValue:
        state.value += 1
        return .none
      case .incrementOther:
        state.other += 1
        return .none
      }
    }
  }
}

@Reducer
struct ObservedRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
  }

  enum Action: Equatable {
    case rename(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rename(title):
        state.title = title
        return .none
      }
    }
  }
}

@Reducer
struct ObservedParent {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var other = 0
    var title = "Rows"
    var child = ObservedChild.State()
    var optionalChild: ObservedChild.State?
    var rows: IdentifiedArrayOf<ObservedRow.State> = [
      ObservedRow.State(id: 1, title: "One"),
      ObservedRow.State(id: 2, title: "Two"),
    ]
  }

  enum Action: Equatable {
    case incrementCount
    case incrementOther
    case child(ObservedChild.Action)
    case replaceChild
    case optionalChild(ObservedChild.Action)
    case presentOptionalChild
    case dismissOptionalChild
    case rows(IdentifiedActionOf<ObservedRow>)
    case replaceWholeState
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      ObservedChild()
    }
    Reduce { state, action in
      switch action {
      case .incrementCount:
        state.count += 1
        return .none
      case .incrementOther:
        state.other += 1
        return .none
      case .child, .optionalChild, .rows:
        return .none
      case .replaceChild:
        // Same content, new identity.
        state.child = ObservedChild.State()
        return .none
      case .presentOptionalChild:
        state.optionalChild = ObservedChild.State()
        return .none
      case .dismissOptionalChild:
        state.optionalChild = nil
        return .none
      case .replaceWholeState:
        state = State()
        return .none
      }
    }
    .ifLet(\.optionalChild, action: \.optionalChild) {
      ObservedChild()
    }
    .forEach(\.rows, action: \.rows) {
      ObservedRow()
    }
  }
}

/// State whose fields are observed one at a time, by name, including a backticked one.
@ObservableState
struct ManyFields: Equatable {
  var first = 0
  var second = 0
  var `default` = 0
  var label = ""
  var items: [Int] = []
}

/// A feature whose state has a field the code deprecates: the macros name it nowhere, so the
/// declaration gets no warning the code cannot silence, and the field is observed as any other.
@Reducer
struct LegacyCounter {
  @ObservableState
  struct State: Equatable {
    @available(*, deprecated, message: "Use 'count'")
    var legacyCount = 0
    var count = 0
  }

  enum Action {
    case legacyIncrement
    case increment
  }

  @available(*, deprecated, message: "Changes the deprecated field")
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .legacyIncrement: state.legacyCount += 1
      case .increment: state.count += 1
      }
      return .none
    }
  }
}

// MARK: - Tests

@MainActor
@Suite
struct ObservationTests {
  @Test
  func observerOfAFieldDoesNotFireWhenAnotherFieldChanges() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let fired = observeChanges { _ = store.count }
    store.send(.incrementOther)
    #expect(store.other == 1)
    #expect(!fired.value)
  }

  @available(*, deprecated, message: "Reads the deprecated field")
  @Test
  func aDeprecatedFieldIsObservedAsAnyOther() {
    let store = Store(initialState: LegacyCounter.State()) { LegacyCounter() }
    let firedForLegacy = observeChanges { _ = store.legacyCount }
    let firedForCount = observeChanges { _ = store.count }
    store.send(.legacyIncrement)
    #expect(store.legacyCount == 1)
    #expect(firedForLegacy.value)
    #expect(!firedForCount.value)
  }

  @Test
  func observerOfAFieldFiresWhenThatFieldChanges() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let fired = observeChanges { _ = store.count }
    store.send(.incrementCount)
    #expect(fired.value)
  }

  @Test
  func inPlaceChildMutationFiresObserversOfTheChangedChildField() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let fired = observeChanges { _ = store.child.value }
    store.send(.child(.incrementValue))
    #expect(store.child.value == 1)
    #expect(fired.value)
  }

  @Test
  func inPlaceChildMutationDoesNotFireObserversOfAnotherChildField() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let fired = observeChanges { _ = store.child.other }
    store.send(.child(.incrementValue))
    #expect(store.child.value == 1)
    #expect(!fired.value)
  }

  @Test
  func replacingTheChildWithANewValueFiresObserversOfTheChild() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let firedForChild = observeChanges { _ = store.child }
    let firedForChildField = observeChanges { _ = store.child.other }
    store.send(.replaceChild)
    #expect(firedForChild.value)
    #expect(firedForChildField.value)
  }

  @Test
  func replacingTheChildDoesNotFireObserversOfUnrelatedFields() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let fired = observeChanges { _ = store.count }
    store.send(.replaceChild)
    #expect(!fired.value)
  }

  @Test
  func scopedStoreObserverFiresWhenTheParentMutatesTheChildField() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let child = store.scope(state: \.child, action: \.child)
    let firedForValue = observeChanges { _ = child.value }
    let firedForOther = observeChanges { _ = child.other }
    store.send(.child(.incrementValue))
    #expect(firedForValue.value)
    #expect(!firedForOther.value)
  }

  @Test
  func scopedStoreObserverFiresWhenTheParentReplacesTheChild() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let child = store.scope(state: \.child, action: \.child)
    let fired = observeChanges { _ = child.other }
    let firedForUnrelated = observeChanges { _ = store.count }
    store.send(.replaceChild)
    #expect(fired.value)
    #expect(!firedForUnrelated.value)
  }

  @Test
  func scopedStoreReadsTheCurrentChildAfterTheParentReplacedIt() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let child = store.scope(state: \.child, action: \.child)
    child.send(.incrementValue)
    #expect(child.value == 1)
    store.send(.replaceChild)
    #expect(child.value == 0)
    child.send(.incrementValue)
    #expect(store.child.value == 1)
    #expect(child.value == 1)
  }

  @Test
  func presentingAndDismissingAnOptionalChildFiresObserversOfThatField() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let firedOnPresent = observeChanges { _ = store.optionalChild }
    store.send(.presentOptionalChild)
    #expect(firedOnPresent.value)

    let firedOnDismiss = observeChanges { _ = store.optionalChild }
    store.send(.dismissOptionalChild)
    #expect(firedOnDismiss.value)
  }

  @Test
  func inPlaceOptionalChildMutationFiresOnlyTheChangedChildField() {
    let store = Store(initialState: ObservedParent.State(optionalChild: ObservedChild.State())) {
      ObservedParent()
    }
    let firedForValue = observeChanges { _ = store.optionalChild?.value }
    let firedForOther = observeChanges { _ = store.optionalChild?.other }
    store.send(.optionalChild(.incrementValue))
    #expect(store.optionalChild?.value == 1)
    #expect(firedForValue.value)
    #expect(!firedForOther.value)
  }

  @Test
  func inPlaceRowMutationDoesNotFireObserversOfAnUnrelatedTopLevelField() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let firedForTitle = observeChanges { _ = store.title }
    let firedForRow = observeChanges { _ = store.rows[id: 1]?.title }
    store.send(.rows(.element(id: 1, action: .rename("Uno"))))
    #expect(store.rows[id: 1]?.title == "Uno")
    #expect(firedForRow.value)
    #expect(!firedForTitle.value)
  }

  @Test
  func replacingTheWholeStateFiresObserversOfItsFields() {
    let store = Store(initialState: ObservedParent.State(count: 3)) { ObservedParent() }
    let fired = observeChanges { _ = store.count }
    store.send(.replaceWholeState)
    #expect(store.count == 0)
    #expect(fired.value)
  }

  @Test
  func aSendThatChangesNothingDoesNotFireObservers() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let fired = observeChanges {
      _ = store.count
      _ = store.child.value
      _ = store.title
    }
    store.send(.child(.incrementOther))
    store.send(.dismissOptionalChild)
    #expect(!fired.value)
  }

  @Test
  func everyFieldNotifiesItsObserversWhenOtherFieldsAreObservedToo() {
    var state = ManyFields()
    let writes: [(String, (inout ManyFields) -> Void, (ManyFields) -> Void)] = [
      ("first", { $0.first += 1 }, { _ = $0.first }),
      ("second", { $0.second += 1 }, { _ = $0.second }),
      ("default", { $0.default += 1 }, { _ = $0.default }),
      ("label", { $0.label = "x" }, { _ = $0.label }),
      ("items", { $0.items.append(1) }, { _ = $0.items }),
    ]
    for (name, write, read) in writes {
      let fired = observeChanges { read(state) }
      let firedForOthers = observeChanges {
        for (other, _, readOther) in writes where other != name { readOther(state) }
      }
      write(&state)
      #expect(fired.value, "observers of \(name) were not notified")
      #expect(!firedForOthers.value, "observers of other fields were notified by \(name)")
    }
  }
}

import ComposableArchitecture
import ConcurrencyExtras
import Testing

/// A model written against swift-perception's names, as TCA code that supports older platforms
/// writes it.
@Perceptible
private final class Counter {
  var count = 0
  var unrelated = 0
}

@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var label = ""
  }

  enum Action {
    case increment
    case rename(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
      case .rename(let label):
        state.label = label
      }
      return .none
    }
  }
}

@MainActor
struct PerceptionTests {
  @Test
  func perceptionTrackingSeesAStoreFieldChange() {
    let store = Store(initialState: Tally.State()) { Tally() }
    let changes = LockIsolated(0)
    let count = withPerceptionTracking {
      store.count
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    #expect(count == 0)
    store.send(.rename("other"))
    #expect(changes.value == 0)
    store.send(.increment)
    #expect(changes.value == 1)
  }

  @Test
  func aPerceptibleClassIsTrackedFieldByField() {
    let counter = Counter()
    let changes = LockIsolated(0)
    withPerceptionTracking {
      _ = counter.count
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    counter.unrelated += 1
    #expect(changes.value == 0)
    counter.count += 1
    #expect(changes.value == 1)
  }

  @Test
  func observableStateIsPerceptible() {
    func isPerceptible<T: Perceptible>(_: T.Type) -> Bool { true }
    #expect(isPerceptible(Store<Tally.State, Tally.Action>.self))
    let registrar = PerceptionRegistrar()
    _ = registrar
  }
}

import ComposableArchitecture
import Testing

/// A feature that writes values its observers may already have: an equal value, a new one, and
/// enum state whose case holds plain data.
@Reducer
private struct Toggle {
  @ObservableState
  struct State: Equatable {
    var isOn = false
    var title = "Lamp"
  }

  enum Action: Equatable {
    case set(Bool)
    case rename(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .set(let isOn):
        state.isOn = isOn
      case .rename(let title):
        state.title = title
      }
      return .none
    }
  }
}

@Reducer
private struct Phase {
  @ObservableState
  enum State: Equatable {
    case counting(Int)
    case done
  }

  enum Action: Equatable {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .counting(let count) = state {
        state = .counting(count + 1)
      }
      return .none
    }
  }
}

/// TCA's observation of writes: an equal value notifies nobody, and enum state whose case
/// holds plain data changes whenever that data does.
@MainActor
struct ObservationEqualityTests {
  @Test
  func writingAnEqualValueDoesNotNotify() {
    let store = Store(initialState: Toggle.State()) { Toggle() }
    let fired = observeChanges { _ = store.isOn }
    store.send(.set(false))
    #expect(!fired.value)
    store.send(.rename("Lamp"))
    #expect(!fired.value)
    store.send(.set(true))
    #expect(fired.value)
  }

  @Test
  func changingAnEnumCasesPlainPayloadNotifiesObserversOfTheState() {
    let store = Store(initialState: Phase.State.counting(0)) { Phase() }
    let fired = observeChanges { _ = store.state }
    store.send(.increment)
    #expect(store.withState { $0 } == .counting(1))
    #expect(fired.value)
  }
}

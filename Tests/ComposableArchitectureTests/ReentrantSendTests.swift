import ComposableArchitecture
import Testing

/// Holds the store a reducer should not send to while it runs.
private final class Relay: @unchecked Sendable {
  var store: StoreOf<Echo>?
}

/// Sends `.second` to its own store while reducing `.first`: what TCA 1.25 warns about.
@Reducer
private struct Echo {
  struct State: Equatable {
    var log: [String] = []
  }

  enum Action: Equatable {
    case first
    case second
    case third
  }

  let relay: Relay

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .first:
        state.log.append("first")
        MainActor.assumeIsolated {
          _ = self.relay.store?.send(.second)
        }
        return .send(.third)
      case .second:
        state.log.append("second")
        return .none
      case .third:
        state.log.append("third")
        return .none
      }
    }
  }
}

@MainActor
struct ReentrantSendTests {
  @Test
  func anActionSentWhileTheStoreReducesIsReportedAndReducedAfter() {
    let relay = Relay()
    let store = Store(initialState: Echo.State()) { Echo(relay: relay) }
    relay.store = store
    withKnownIssue {
      store.send(.first)
    } matching: {
      $0.description.contains(
        "An action was sent to a store while it was processing another action")
        && $0.description.contains("Echo.Action.second")
    }
    #expect(store.withState(\.log) == ["first", "second", "third"])
  }

  @Test
  func actionsSentByEffectsAreNotReported() {
    let relay = Relay()
    let store = Store(initialState: Echo.State()) { Echo(relay: relay) }
    store.send(.first)
    #expect(store.withState(\.log) == ["first", "third"])
  }
}

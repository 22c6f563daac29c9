import ComposableArchitecture
import Foundation
import Testing

/// A private feature (its type's name carries an "unknown context" when reflected) whose
/// effects send actions with payloads.
@Reducer
private struct Loader {
  @ObservableState
  struct State: Equatable {
    var value: Int?
    var loadedAt: Date?
  }

  enum Action: Equatable {
    case load
    case response(Result<Int, LoadError>)
    case stamp
  }

  struct LoadError: Error, Equatable {}

  @Dependency(\.date.now) var now

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .send(.response(.success(1)))
      case .response(.success(let value)):
        state.value = value
        return .none
      case .response(.failure):
        return .none
      case .stamp:
        state.loadedAt = now
        return .none
      }
    }
  }
}

@Reducer
private enum Screen {
  case loader(Loader)
  case other(Loader)
}
extension Screen.State: Equatable {}

/// TCA 1.25's wording of the test store's failures, for what older wording did differently:
/// actions listed with their payloads, type names without "(unknown context at $…)", and the
/// assertion closure run with the test's dependencies.
@MainActor
struct TestStoreTCAWordingTests {
  @Test
  func unassertedActionsAreListedWithTheirPayloads() async {
    await withKnownIssue {
      let store = TestStore(initialState: Loader.State()) { Loader() }
      await store.send(.load)
    } matching: { issue in
      message(of: issue) == """
        The store received 1 unexpected action.

          Unhandled actions:
            .response(
              .success(1)
            )

        To fix, explicitly assert against these actions using "store.receive", skip these \
        actions by performing "await store.skipReceivedActions()", or consider using a \
        non-exhaustive test store: "store.exhaustivity = .off".
        """
    }
  }

  @Test
  func privateTypesAreNamedWithoutTheirUnknownContext() async {
    let store = TestStore(initialState: Screen.State.other(Loader.State())) { Screen.body }
    await withKnownIssue {
      await store.send(.loader(.stamp))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("\n    Screen.Action.loader(.stamp)\n")
        && text.contains("\n    Screen.State.other\n")
        && !text.contains("unknown context")
    }
  }

  @Test
  func theAssertionClosureSeesTheTestsDependencies() async {
    let now = Date(timeIntervalSince1970: 1_234_567_890)
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.date.now = now
    }
    await store.send(.stamp) {
      @Dependency(\.date.now) var expected
      $0.loadedAt = expected
    }
  }
}

import ComposableArchitecture
import XCTest

@Reducer
private struct Tally {
  struct State: Equatable {
    var count = 0
    var echoed = 0
  }

  enum Action: Equatable {
    case add(Int)
    case echo(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add(let amount):
        state.count += amount
        return .send(.echo(amount))
      case .echo(let amount):
        state.echoed += amount
        return .none
      }
    }
  }
}

/// A non-exhaustive test store that shows its skipped assertions, in XCTest: what it skips
/// informs (printed, as XCTest has no expected failures off Apple's platforms) and never fails
/// the test case.
@MainActor
final class SkippedAssertionsXCTests: XCTestCase {
  func testSkippedStateChangesAndActionsDoNotFailTheTestCase() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.add(2))  // the state change is not asserted
    await store.send(.add(3)) {  // the echo of 2, received meanwhile, is skipped
      $0.count = 5
    }
    await store.skipReceivedActions()
    XCTAssertEqual(store.state, Tally.State(count: 5, echoed: 5))
  }

  func testWithExhaustivityShowingSkippedAssertionsDoesNotFailTheTestCase() async {
    let store = TestStore(initialState: Tally.State()) { Tally() }
    await store.withExhaustivity(.off(showSkippedAssertions: true)) {
      await store.send(.add(4))
      await store.receive(.echo(4)) {
        $0.echoed = 4
      }
    }
    XCTAssertEqual(store.state, Tally.State(count: 4, echoed: 4))
  }
}

import ComposableArchitecture
import XCTest

/// A dependency whose test value is an object the tests change, so that a value cached in one
/// test case and seen in the next shows.
private final class Ledger: @unchecked Sendable {
  var entries: [String] = []
}

private enum LedgerKey: TestDependencyKey {
  static var testValue: Ledger { Ledger() }
}

extension DependencyValues {
  fileprivate var ledger: Ledger {
    get { self[LedgerKey.self] }
    set { self[LedgerKey.self] = newValue }
  }
}

@Reducer
private struct Bookkeeper {
  struct State: Equatable {
    var entries: [String] = []
  }

  enum Action: Equatable {
    case record(String)
  }

  @Dependency(\.ledger) var ledger

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .record(let entry):
        ledger.entries.append(entry)
        state.entries = ledger.entries
        return .none
      }
    }
  }
}

/// XCTest cases, as TCA's own tests and many apps' are. On Linux swift-dependencies resets the
/// values it cached between test cases only when it finds its test observer library
/// (`libDependenciesTestObserver.so`) beside the test binary, which this target links; without
/// it a test store resets them itself (see `XCTestCaseStart`). Run with that library removed
/// from the build folder, the case that runs second fails without the test store's reset: it
/// sees the first one's entry.
@MainActor
final class DependencyCacheXCTests: XCTestCase {
  func testFirstCaseStartsWithAnEmptyLedger() async {
    let store = TestStore(initialState: Bookkeeper.State()) { Bookkeeper() }
    await store.send(.record("first")) {
      $0.entries = ["first"]
    }
  }

  func testWhatACaseMadeBeforeItsStoreIsTheStoresToo() async {
    // As with a `@Shared(.fileStorage(…))` declared before the store: the feature must see the
    // same value, so the store does not reset what the observer already reset for this case.
    @Dependency(\.ledger) var ledger
    ledger.entries.append("before")
    let store = TestStore(initialState: Bookkeeper.State()) { Bookkeeper() }
    await store.send(.record("after")) {
      $0.entries = ["before", "after"]
    }
  }

  func testSecondCaseStartsWithAnEmptyLedger() async {
    let store = TestStore(initialState: Bookkeeper.State()) { Bookkeeper() }
    await store.send(.record("second")) {
      $0.entries = ["second"]
    }
  }
}

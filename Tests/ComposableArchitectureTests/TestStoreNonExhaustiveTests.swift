import ComposableArchitecture
import Testing

/// A feature whose state holds an optional value that an action can leave as it is.
@Reducer
struct OptionalValueFeature {
  struct State: Equatable {
    var count = 0
    var value: Int? = 1
  }

  enum Action: Equatable {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      }
    }
  }
}

@MainActor
@Suite
struct TestStoreNonExhaustiveTests {
  // `XCTModify` is deprecated in favour of `modify`; tests written for TCA still use it, so this
  // test is deprecated too, to call it without a warning.
  @available(*, deprecated)
  @Test
  func xctModifyLeavingAValueUnchangedIsNotReportedWhenNotExhaustive() async {
    let store = TestStore(initialState: OptionalValueFeature.State()) {
      OptionalValueFeature()
    }
    store.exhaustivity = .off
    await store.send(.increment) {
      XCTModify(&$0.value) { _ in }
    }
  }

  @available(*, deprecated)
  @Test
  func xctModifyLeavingAValueUnchangedIsReportedWhenExhaustive() async {
    let store = TestStore(initialState: OptionalValueFeature.State()) {
      OptionalValueFeature()
    }
    await withKnownIssue {
      await store.send(.increment) {
        XCTModify(&$0.value) { _ in }
        $0.count = 1
      }
    } matching: { issue in
      message(of: issue)
        == #"XCTModify: Expected "Int" value to be modified but it was unchanged."#
    }
  }
}

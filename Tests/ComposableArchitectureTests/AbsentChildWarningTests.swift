import ComposableArchitecture
import Testing

// The runtime warnings for a child action whose state is absent read as TCA's, word for word.

@Reducer
private struct Modes {
  @CasePathable
  enum State: Equatable {
    case counting(Int)
    case naming(String)
  }

  enum Action: Equatable {
    case counting(Int)
    case naming(String)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

@MainActor
struct AbsentChildWarningTests {
  @Test
  func ifLetWithNilChildState() async {
    let line = #line + 3
    let store = TestStore(initialState: Int?.none) {
      EmptyReducer<Int?, Int>()
        .ifLet(\.self, action: \.self) {}
    }
    await withKnownIssue {
      await store.send(1)
    } matching: { issue in
      issue.description.contains(
        """
        An "ifLet" at "\(#fileID):\(line)" received a child action when child state was \
        "nil". …

          Action:
            Int

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set child state to "nil" before this reducer ran. This reducer must \
        run before any other reducer sets child state to "nil". This ensures that child \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        • This action was sent to the store while state was "nil". Make sure that actions for \
        this reducer can only be sent from a view store when state is non-"nil". In SwiftUI \
        applications, use "IfLetStore".
        """
      )
    }
  }

  @Test
  func ifCaseLetWithStateInAnotherCase() async {
    let line = #line + 3
    let store = TestStore(initialState: Modes.State.naming("Blob")) {
      EmptyReducer<Modes.State, Modes.Action>()
        .ifCaseLet(\.counting, action: \.counting) {}
    }
    await withKnownIssue {
      await store.send(.counting(1))
    } matching: { issue in
      issue.description.contains(
        """
        An "ifCaseLet" at "\(#fileID):\(line)" received a child action when child state was \
        set to a different case. …

          Action:
            Modes.Action.counting
          State:
            Modes.State.naming

        This is generally considered an application logic error, and can happen for a few reasons:

        • A parent reducer set "Modes.State" to a different case before this reducer ran. This \
        reducer must run before any other reducer sets child state to a different case. This \
        ensures that child reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        • This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a view store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """
      )
    }
  }

  @Test
  func scopeWithStateInAnotherCase() async {
    let line = #line + 2
    let store = TestStoreOf<Modes>(initialState: .naming("Blob")) {
      Scope(state: \.counting, action: \.counting) {}
    }
    await withKnownIssue {
      await store.send(.counting(1))
    } matching: { issue in
      issue.description.contains(
        """
        A "Scope" at "\(#fileID):\(line)" received a child action when child state was set to \
        a different case. …

          Action:
            Modes.Action.counting
          State:
            Modes.State.naming

        This is generally considered an application logic error, and can happen for a few reasons:

        • A parent reducer set "Modes.State" to a different case before the scoped reducer ran. \
        Child reducers must run before any parent reducer sets child state to a different case. \
        This ensures that child reducers can handle their actions while their state is still \
        available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the \
        parent reducer that change its state to ensure the child reducer runs first.

        • An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        • This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a view store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """
      )
    }
  }

  @Test
  func genericStateIsNamedWithoutItsArguments() async {
    struct Failure: Error, Equatable {}
    let store = TestStore(initialState: Result<Int, Failure>.failure(Failure())) {
      EmptyReducer<Result<Int, Failure>, Result<Int, Failure>>()
        .ifCaseLet(\.success, action: \.success) {}
    }
    await withKnownIssue {
      await store.send(.success(1))
    } matching: { issue in
      issue.description.contains("• A parent reducer set \"Result\" to a different case")
    }
  }
}

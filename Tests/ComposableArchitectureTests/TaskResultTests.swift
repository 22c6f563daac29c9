import ComposableArchitecture
import Testing

// Features written with `TaskResult` before TCA moved to `Result`: they compile (with a
// deprecation warning, which the declarations here avoid by being deprecated themselves) and
// test as they did. Failures compare by their error when its type is `Equatable`.

private struct Boom: Error, Hashable {
  var code: Int
}

private struct Opaque: Error {}

private struct Other: Error, Equatable {}

@available(*, deprecated)
@Reducer
private struct Fact {
  struct State: Equatable {
    var number = 0
    var fact: Int?
    var failures = 0
  }

  enum Action: Equatable {
    case load
    case response(TaskResult<Int>)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .run { [number = state.number] send in
          await send(
            .response(
              TaskResult {
                try await clock.sleep(for: .zero)
                guard number >= 0 else { throw Boom(code: number) }
                return number * 2
              }))
        }
      case let .response(.success(fact)):
        state.fact = fact
        return .none
      case .response(.failure):
        state.failures += 1
        return .none
      }
    }
  }
}

@MainActor
@Suite
struct TaskResultTests {
  @available(*, deprecated)
  @Test
  func aSuccessIsReceivedThroughItsCaseKeyPath() async {
    let store = TestStore(initialState: Fact.State(number: 21)) {
      Fact()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.load)
    await store.receive(\.response.success, 42) {
      $0.fact = 42
    }
  }

  @available(*, deprecated)
  @Test
  func aFailureIsReceivedByItsEquatableError() async {
    let store = TestStore(initialState: Fact.State(number: -3)) {
      Fact()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.load)
    await store.receive(.response(.failure(Boom(code: -3)))) {
      $0.failures = 1
    }
  }

  @available(*, deprecated)
  @Test
  func failuresAreEqualOnlyWithEqualErrorsOfOneType() {
    #expect(TaskResult<Int>.failure(Boom(code: 1)) == .failure(Boom(code: 1)))
    #expect(TaskResult<Int>.failure(Boom(code: 1)) != .failure(Boom(code: 2)))
    #expect(TaskResult<Int>.failure(Boom(code: 1)) != .failure(Other()))
    #expect(TaskResult<Int>.failure(Boom(code: 1)) != .success(1))
    #expect(TaskResult<Int>.success(1) == .success(1))
  }

  @available(*, deprecated)
  @Test
  func comparingErrorsThatAreNotEquatableIsReported() {
    withKnownIssue {
      #expect(TaskResult<Int>.failure(Opaque()) != .failure(Opaque()))
    } matching: { issue in
      issue.description.contains(#""Opaque" is not equatable."#)
    }
  }

  @available(*, deprecated)
  @Test
  func hashingFollowsEquality() {
    var set: Set<TaskResult<Int>> = [.success(1), .success(1), .failure(Boom(code: 1))]
    set.insert(.failure(Boom(code: 1)))
    #expect(set.count == 2)
    withKnownIssue {
      _ = Set([TaskResult<Int>.failure(Opaque())])
    } matching: { issue in
      issue.description.contains(#""Opaque" is not hashable."#)
    }
  }

  @available(*, deprecated)
  @Test
  func itConvertsToAndFromResult() async throws {
    let caught = await TaskResult<Int> { throw Boom(code: 7) }
    #expect(throws: Boom(code: 7)) { try caught.value }
    #expect(try TaskResult<Int>.success(2).map { $0 + 1 }.value == 3)
    let failed = TaskResult<Int>.success(2).flatMap { _ -> TaskResult<String> in .failure(Other()) }
    #expect(failed == .failure(Other()))

    let result = Result<Int, any Error>(TaskResult<Int>.success(5))
    #expect(try result.get() == 5)
    #expect(TaskResult(Result<Int, Boom>.failure(Boom(code: 9))) == .failure(Boom(code: 9)))
  }
}

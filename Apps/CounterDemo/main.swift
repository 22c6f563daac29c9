import ComposableArchitecture
import Foundation

/// A counter whose "fact" button loads a number fact after a short delay: the smallest
/// feature that exercises state, actions, an effect and cancellation in the terminal.
@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoadingFact = false
  }

  enum Action {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
  }

  enum CancelID { case fact }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return .cancel(id: CancelID.fact)
      case .factButtonTapped:
        state.isLoadingFact = true
        return .run { [count = state.count] send in
          try await clock.sleep(for: .milliseconds(300))
          await send(.factResponse("\(count) is \(count.isMultiple(of: 2) ? "even" : "odd")."))
        }
        .cancellable(id: CancelID.fact, cancelInFlight: true)
      case let .factResponse(fact):
        state.isLoadingFact = false
        state.fact = fact
        return .none
      case .incrementButtonTapped:
        state.count += 1
        state.fact = nil
        return .cancel(id: CancelID.fact)
      }
    }
  }
}

/// Reads commands from standard input and draws the counter after each one.
@MainActor
func runCounter() async {
  let store = Store(initialState: Counter.State()) { Counter() }
  print("Counter demo. Commands: + (increment), - (decrement), f (fact), q (quit).")
  print("count: \(store.count)")
  while let line = readLine() {
    let command = line.trimmingCharacters(in: .whitespaces)
    switch command {
    case "+": store.send(.incrementButtonTapped)
    case "-": store.send(.decrementButtonTapped)
    case "f": await store.send(.factButtonTapped).finish()
    case "q": return
    case "": continue
    default:
      print("Unknown command \"\(command)\". Commands: +, -, f, q.")
      continue
    }
    print("count: \(store.count)" + (store.fact.map { "  fact: \($0)" } ?? ""))
  }
}

await runCounter()

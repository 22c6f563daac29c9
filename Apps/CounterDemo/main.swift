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
        state.isLoadingFact = false
        return .cancel(id: CancelID.fact)
      case .factButtonTapped:
        state.fact = nil
        state.isLoadingFact = true
        return .run { [count = state.count] send in
          try await clock.sleep(for: .seconds(1))
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
        state.isLoadingFact = false
        return .cancel(id: CancelID.fact)
      }
    }
  }
}

/// Prints each fact once, when it arrives: facts come from an effect, between two commands.
@MainActor
final class FactPrinter {
  private var shown: String?

  /// Prints `fact` unless it is the one printed last; `nil` (a fact cleared) forgets that one.
  func show(_ fact: String?) {
    defer { shown = fact }
    guard let fact, fact != shown else { return }
    print("fact: \(fact)")
  }
}

/// Reads commands from standard input and prints the count after each one; a fact is printed
/// when its effect delivers it. Input is read off the main actor, so the effect runs meanwhile:
/// `+` or `-` typed within the second a fact takes cancels it. At the end of the input the demo
/// waits for a fact still on its way.
@MainActor
func runCounter() async {
  let store = Store(initialState: Counter.State()) { Counter() }
  let printer = FactPrinter()
  let observation = observe { printer.show(store.fact) }
  defer { observation.cancel() }
  var factTask: StoreTask?
  print("Counter demo. Commands: + (increment), - (decrement), f (fact), q (quit).")
  print("count: \(store.count)")
  while let line = await Task.detached(operation: { readLine() }).value {
    let command = line.trimmingCharacters(in: .whitespaces)
    switch command {
    case "+": store.send(.incrementButtonTapped)
    case "-": store.send(.decrementButtonTapped)
    case "f": factTask = store.send(.factButtonTapped)
    case "q": return
    case "": continue
    default:
      print("Unknown command \"\(command)\". Commands: +, -, f, q.")
      continue
    }
    print("count: \(store.count)" + (store.isLoadingFact ? "  (fetching a fact…)" : ""))
  }
  await factTask?.finish()
  printer.show(store.fact)
}

await runCounter()

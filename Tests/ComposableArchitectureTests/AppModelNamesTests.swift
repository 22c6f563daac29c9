import AppModelNamesTestSupport
import ComposableArchitecture
import Testing

/// A feature of an app whose own models are named `Transaction` and `Animation`, as SwiftUI's
/// types are: its code names them without qualification beside the runtime (which does not
/// declare those names at the top level), and still sends with SwiftUI's animation arguments.
@Reducer
private struct Ledger {
  @ObservableState
  struct State: Equatable {
    var transactions: IdentifiedArrayOf<Transaction> = []
    var sticker: Animation?
  }

  enum Action: Equatable {
    case add(Transaction)
    case added(Transaction.ID)
    case celebrate
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .add(transaction):
        state.transactions.append(transaction)
        return .run { send in
          await send(.added(transaction.id), animation: .easeInOut)
          await send(.celebrate, transaction: .init(animation: .default))
        }
      case .added:
        return .none
      case .celebrate:
        state.sticker = Animation(frames: ["🎉", "✨"])
        return .none
      }
    }
  }
}

@MainActor
struct AppModelNamesTests {
  @Test
  func anAppsTransactionAndAnimationAreItsOwn() async {
    let store = TestStore(initialState: Ledger.State()) {
      Ledger()
    }
    let coffee = Transaction(id: 1, amount: -350)
    await store.send(.add(coffee)) {
      $0.transactions = [coffee]
    }
    let id: Transaction.ID = 1
    await store.receive(.added(id))
    await store.receive(.celebrate) {
      $0.sticker = Animation(frames: ["🎉", "✨"])
    }
  }
}

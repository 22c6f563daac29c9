import ComposableArchitecture
import Testing

/// A feature that sends with SwiftUI's animation and transaction arguments, as TCA features do;
/// without SwiftUI they are accepted and the actions arrive as they would without them.
@Reducer
private struct Drawer {
  @ObservableState
  struct State: Equatable {
    var isOpen = false
    var opens = 0
  }

  enum Action: Equatable {
    case openTapped
    case opened
    case closeTapped
    case closed
    case reopenTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openTapped:
        return .run { send in
          await send(.opened, animation: .default)
          await send(.opened, animation: .spring(duration: 0.3).delay(0.1))
          await send(.opened, animation: .interpolatingSpring(stiffness: 3000, damping: 40))
        }
      case .opened:
        state.isOpen = true
        state.opens += 1
        return .none
      case .closeTapped:
        return .run { send in
          await send(.closed, transaction: .init(animation: .easeInOut))
        }
        .animation()
      case .closed:
        state.isOpen = false
        return .none
      case .reopenTapped:
        return .send(.opened, animation: .linear(duration: 1))
          .transaction(.init(animation: nil))
      }
    }
  }
}

@MainActor
struct AnimationSpellingTests {
  @Test
  func actionsSentWithAnAnimationOrATransactionArrive() async {
    let store = TestStore(initialState: Drawer.State()) { Drawer() }
    await store.send(.openTapped)
    await store.receive(.opened) {
      $0.isOpen = true
      $0.opens = 1
    }
    await store.receive(.opened) {
      $0.opens = 2
    }
    await store.receive(.opened) {
      $0.opens = 3
    }
    await store.send(.closeTapped)
    await store.receive(.closed) {
      $0.isOpen = false
    }
    await store.send(.reopenTapped)
    await store.receive(.opened) {
      $0.isOpen = true
      $0.opens = 4
    }
  }

  @Test
  func aStoreSendsWithAnAnimation() {
    let store = Store(initialState: Drawer.State()) { Drawer() }
    store.send(.opened, animation: .easeOut)
    store.send(.opened, transaction: .init(animation: .default))
    #expect(store.opens == 2)
  }
}

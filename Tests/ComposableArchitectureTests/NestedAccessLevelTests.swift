import ComposableArchitecture
import Testing

/// An internal feature declaring its children `public`, as code moved out of a public module
/// keeps them: the members `@Reducer` generates must compile inside the internal type.
@Reducer
struct AccessOuter {
  @Reducer
  public struct Child {
    @ObservableState
    public struct State: Equatable {
      public var count = 0
      public init() {}
    }

    public enum Action: Equatable {
      case increment
      case nested(Nested)

      public enum Nested: Equatable { case tap }
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .increment = action { state.count += 1 }
        return .none
      }
    }
  }

  @Reducer
  public enum Destination {
    case child(Child)
  }

  @ObservableState
  struct State: Equatable {
    var child = Child.State()
    @Presents var destination: Destination.State?
  }

  enum Action {
    case child(Child.Action)
    case destination(PresentationAction<Destination.Action>)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce { _, _ in .none }
      .ifLet(\.$destination, action: \.destination)
  }
}
extension AccessOuter.Destination.State: Equatable {}

@MainActor
struct NestedAccessLevelTests {
  @Test
  func publicChildrenOfAnInternalFeatureRun() async {
    var state = AccessOuter.State()
    state.destination = .child(AccessOuter.Child.State())
    let store = TestStore(initialState: state) { AccessOuter() }
    await store.send(.child(.increment)) {
      $0.child.count = 1
    }
    await store.send(.destination(.presented(.child(.increment)))) {
      $0.destination?.modify(\.child) { $0.count = 1 }
    }
  }
}

import ComposableArchitecture
import Testing

/// A dependency whose value a feature records, so tests can see which value was in force.
private struct Tag: TestDependencyKey, Equatable {
  var name: String
  static let testValue = Tag(name: "test")
}

extension DependencyValues {
  fileprivate var tag: Tag {
    get { self[Tag.self] }
    set { self[Tag.self] = newValue }
  }
}

/// Records the tag in force when it reduces, and when its effect runs.
@Reducer
private struct TagRecorder {
  @ObservableState
  struct State: Equatable {
    var reduced = ""
    var effect = ""
  }

  enum Action: Equatable {
    case record
    case effectRan(String)
  }

  @Dependency(\.tag) var tag

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .record:
        state.reduced = self.tag.name
        return .run { send in
          @Dependency(\.tag) var tag
          await send(.effectRan(tag.name))
        }
      case let .effectRan(name):
        state.effect = name
        return .none
      }
    }
  }
}

@MainActor
@Suite
struct DependencyModifierTests {
  @Test
  func chainedModifiersMakeOneReducer() {
    let fused: _DependencyKeyWritingReducer<TagRecorder> =
      TagRecorder()
      .dependency(\.tag, Tag(name: "a"))
      .dependency(Tag(name: "b"))
      .transformDependency(\.tag) { $0.name += "!" }
      .dependency(\.tag, Tag(name: "c"))
    _ = fused
  }

  @Test
  func firstWrittenValueWinsAsWhenNested() async {
    let store = TestStore(initialState: TagRecorder.State()) {
      TagRecorder()
        .dependency(\.tag, Tag(name: "inner"))
        .dependency(\.tag, Tag(name: "outer"))
    }
    await store.send(.record) {
      $0.reduced = "inner"
    }
    await store.receive(.effectRan("inner")) {
      $0.effect = "inner"
    }
  }

  @Test
  func outerTransformAppliesBeforeInnerValue() async {
    let store = TestStore(initialState: TagRecorder.State()) {
      TagRecorder()
        .dependency(\.tag, Tag(name: "inner"))
        .transformDependency(\.tag) { $0.name += "+outer" }
    }
    await store.send(.record) {
      $0.reduced = "inner"
    }
    await store.receive(.effectRan("inner")) {
      $0.effect = "inner"
    }
  }

  @Test
  func innerTransformAppliesAfterOuterValues() async {
    let store = TestStore(initialState: TagRecorder.State()) {
      TagRecorder()
        .transformDependency(\.tag) { $0.name += "+inner" }
        .dependency(Tag(name: "byType"))
        .transformDependency(\.tag) { $0.name += "+outer" }
    }
    await store.send(.record) {
      $0.reduced = "byType+inner"
    }
    await store.receive(.effectRan("byType+inner")) {
      $0.effect = "byType+inner"
    }
  }

  @Test
  func transformsApplyFromOutermostToInnermost() async {
    let store = TestStore(initialState: TagRecorder.State()) {
      TagRecorder()
        .transformDependency(\.tag) { $0.name += "+inner" }
        .transformDependency(\.tag) { $0.name += "+outer" }
    } withDependencies: {
      $0.tag = Tag(name: "store")
    }
    await store.send(.record) {
      $0.reduced = "store+outer+inner"
    }
    await store.receive(.effectRan("store+outer+inner")) {
      $0.effect = "store+outer+inner"
    }
  }
}

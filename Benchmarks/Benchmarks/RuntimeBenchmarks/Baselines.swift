import ComposableArchitecture

/// The hand-written floor: a `switch` over an `inout` struct.
struct BaselineCounter {
  struct State {
    var count = 0
  }

  enum Action {
    case incrementButtonTapped
  }

  @inline(never)
  static func reduce(_ state: inout State, _ action: Action) {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
    }
  }
}

/// The smallest store one could write: a final class holding state and a reducer closure that
/// mutates it in place.
@MainActor
final class MinimalStore<State, Action> {
  private(set) var state: State
  private let reducer: (inout State, Action) -> Void

  init(state: State, reducer: @escaping (inout State, Action) -> Void) {
    self.state = state
    self.reducer = reducer
  }

  @inline(never)
  func send(_ action: Action) {
    self.reducer(&self.state, action)
  }
}

/// Ten nested structs, mutated at the deepest level by hand.
struct BaselineNested {
  struct Level0 { var count = 0 }
  struct Level1 {
    var count = 0
    var child = Level0()
  }
  struct Level2 {
    var count = 0
    var child = Level1()
  }
  struct Level3 {
    var count = 0
    var child = Level2()
  }
  struct Level4 {
    var count = 0
    var child = Level3()
  }
  struct Level5 {
    var count = 0
    var child = Level4()
  }
  struct Level6 {
    var count = 0
    var child = Level5()
  }
  struct Level7 {
    var count = 0
    var child = Level6()
  }
  struct Level8 {
    var count = 0
    var child = Level7()
  }
  struct Level9 {
    var count = 0
    var child = Level8()
  }
  struct Level10 {
    var count = 0
    var child = Level9()
  }

  @inline(never)
  static func incrementDeepest(_ state: inout Level10) {
    state.child.child.child.child.child.child.child.child.child.child.count += 1
  }
}

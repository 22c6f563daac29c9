/// Records a feature's history, each action with the state it produced, so that a host can step
/// back and forward through past states and resume from any of them.
///
/// ```swift
/// let store = Store(initialState: TimeTravel<Counter>.State(Counter.State())) {
///   TimeTravel(capacity: 100) { Counter() }
/// }
/// let counter = store.scope(state: \.current, action: \.base)
/// counter.send(.incrementButtonTapped)
/// store.send(.stepBack)      // `current` is the state before the increment
/// store.send(.stepForward)   // and after it again
/// ```
///
/// - Stepping (``TimeTravelAction/stepBack``, ``TimeTravelAction/stepForward``,
///   ``TimeTravelAction/jump(to:)``) restores a
///   recorded state; it does not run the feature. Effects started by actions after the restored
///   point are cancelled, so they cannot change the past state; stepping forward again restores
///   later states but does not restart their effects.
/// - Sending a feature action (``TimeTravelAction/base(_:)``) while stepped back resumes from the restored
///   state: the recorded future is dropped (its effects are already cancelled) and the new
///   action is recorded after the restored point.
/// - ``TimeTravelAction/resume`` resumes from the restored state as it was when it was recorded:
///   the future is dropped and the step that produced the state is run again from the state
///   before it, its effects started anew. A state restored while a load was in flight (its
///   answer was in the dropped future) thereby gets its answer, instead of waiting forever.
/// - At most `capacity` states are kept (the oldest go first), so memory stays bounded however
///   long the feature runs. Each recorded state is a copy of the feature's state: collections
///   inside it are shared until the next change, which then copies them once.
public struct TimeTravel<Base: Reducer>: Reducer {
  /// The most states the history keeps, including the oldest one it steps back to.
  public let capacity: Int
  let base: Base
  /// The body of the base reducer, once built (see ``_ReducerBodyCache``).
  let baseBody = _ReducerBodyCache.for(Base.self)

  /// Records the history of `base`, keeping at most `capacity` states (at least 1).
  public init(capacity: Int = 100, _ base: () -> Base) {
    self.capacity = max(1, capacity)
    self.base = base()
  }

  /// The feature's current state and its recorded history.
  public struct State {
    /// The state the feature runs on and the host shows: the recorded state at ``cursor``.
    public internal(set) var current: Base.State
    /// The recorded states, oldest first; the first has no action when it is the initial state.
    public internal(set) var history: [Entry]
    /// The position in ``history`` of ``current``.
    public internal(set) var cursor: Int
    var nextEntryID: Int

    /// Starts recording from `initialState`.
    public init(_ initialState: Base.State) {
      self.current = initialState
      self.history = [Entry(id: 0, action: nil, state: initialState)]
      self.cursor = 0
      self.nextEntryID = 1
    }

    /// Whether there is an earlier state to step back to.
    public var canStepBack: Bool { self.cursor > 0 }

    /// Whether there is a later state to step forward to.
    public var canStepForward: Bool { self.cursor < self.history.count - 1 }
  }

  /// One recorded step: an action and the state it produced.
  public struct Entry {
    /// Identifies the step for as long as it is recorded.
    public let id: Int
    /// The action, or `nil` for the state recording started from.
    public let action: Base.Action?
    /// The feature's state after the action.
    public let state: Base.State
  }

  /// A feature action, or a step through the history.
  public typealias Action = TimeTravelAction<Base.Action>

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .base(baseAction):
      // Resuming from a past state drops the recorded future.
      state.history.removeSubrange((state.cursor + 1)...)
      return self.record(baseAction, in: &state)

    case .resume:
      return self.resume(&state)

    case .stepBack:
      return self.jump(to: state.cursor - 1, in: &state, action: action)

    case .stepForward:
      return self.jump(to: state.cursor + 1, in: &state, action: action)

    case let .jump(position):
      return self.jump(to: position, in: &state, action: action)
    }
  }

  /// Runs `action` on the current state, the last one recorded, and records it.
  func record(_ action: Base.Action, in state: inout State) -> Effect<Action> {
    let effect = self.base._reduce(
      into: &state.current, action: action, bodyCache: self.baseBody)
    let id = state.nextEntryID
    state.nextEntryID += 1
    state.history.append(Entry(id: id, action: action, state: state.current))
    if state.history.count > self.capacity {
      state.history.removeFirst(state.history.count - self.capacity)
    }
    state.cursor = state.history.count - 1
    return effect._map { Action.base($0) }.cancellable(id: EntryEffectsID(entry: id))
  }

  /// Drops the recorded future and runs the step at the cursor again from the state before it,
  /// its earlier effects cancelled; at the newest state, or the oldest, only the future goes.
  func resume(_ state: inout State) -> Effect<Action> {
    guard state.canStepForward else { return .none }
    state.history.removeSubrange((state.cursor + 1)...)
    guard state.cursor > 0, let action = state.history[state.cursor].action else { return .none }
    let step = state.history.removeLast()
    state.cursor -= 1
    state.current = state.history[state.cursor].state
    // Merged, not concatenated: the step's new effects start (and can be cancelled, by a
    // screen closed at once) right away, not after the cancellation has run.
    return .merge(.cancel(id: EntryEffectsID(entry: step.id)), self.record(action, in: &state))
  }

  /// Restores the recorded state at `position` and cancels the effects of later steps.
  func jump(to position: Int, in state: inout State, action: Action) -> Effect<Action> {
    guard state.history.indices.contains(position) else {
      reportIssue(
        """
        A "TimeTravel" received "\(debugCaseOutput(action))" but there is no recorded state at \
        position \(position); the history holds positions 0 through \(state.history.count - 1).
        """
      )
      return .none
    }
    state.cursor = position
    state.current = state.history[position].state
    let later = state.history[(position + 1)...]
    return .merge(later.map { .cancel(id: EntryEffectsID(entry: $0.id)) })
  }
}

/// An action of a ``TimeTravel`` reducer: a feature action, or a step through the history.
@CasePathable
public enum TimeTravelAction<BaseAction> {
  /// An action of the feature, run on the current state and recorded.
  case base(BaseAction)
  /// Restores the state before the current one.
  case stepBack
  /// Restores the state after the current one.
  case stepForward
  /// Restores the state at a position in the history.
  case jump(to: Int)
  /// Resumes from the restored state: drops the recorded future and runs the step that
  /// produced the state again, so that its effects run (see ``TimeTravel``).
  case resume
}

/// The id of the effects started by one recorded step.
struct EntryEffectsID: Hashable, Sendable {
  let entry: Int
}

extension TimeTravel.State: Equatable where Base.State: Equatable, Base.Action: Equatable {}
extension TimeTravel.State: Sendable where Base.State: Sendable, Base.Action: Sendable {}
extension TimeTravel.Entry: Equatable where Base.State: Equatable, Base.Action: Equatable {}
extension TimeTravel.Entry: Sendable where Base.State: Sendable, Base.Action: Sendable {}
extension TimeTravelAction: Equatable where BaseAction: Equatable {}
extension TimeTravelAction: Sendable where BaseAction: Sendable {}

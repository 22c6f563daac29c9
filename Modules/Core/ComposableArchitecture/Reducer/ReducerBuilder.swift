/// Builds a reducer out of the reducers listed in a block; they run in order, and their
/// effects are merged.
///
/// Supports `if`/`else`, `if` without `else` (an optional reducer), `switch` and `for` loops.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// A `for` loop: every reducer of the array runs, in order.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _SequenceMany<R> {
    _SequenceMany(reducers: reducers)
  }

  /// An empty block.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// A block holding one reducer.
  @inlinable
  public static func buildBlock<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// The first branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  /// The second branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  /// A reducer written in the block.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  /// A type-erased reducer written in the block.
  ///
  /// Disfavoured, so that a concrete reducer keeps its type (and its specialised code) rather
  /// than being wrapped in a ``Reduce``.
  @inlinable
  @_disfavoredOverload
  public static func buildExpression(_ expression: any Reducer<State, Action>) -> Reduce<
    State, Action
  > {
    Reduce(expression)
  }

  /// The block's final reducer.
  @inlinable
  public static func buildFinalResult<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// A reducer inside `if #available`.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(
    _ wrapped: R
  ) -> Reduce<State, Action> {
    Reduce(wrapped)
  }

  /// An `if` without `else`: the reducer runs only when the condition held.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> R? {
    wrapped
  }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  /// Each further reducer of a block, run after the ones before it.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0,
    next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(accumulated, next)
  }
}

extension ReducerBuilder {
  /// Two reducers run one after the other (built by ``ReducerBuilder``).
  public struct _Sequence<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
    @usableFromInline let r0: R0
    @usableFromInline let r1: R1
    /// The bodies of `r0` and `r1`, for those that keep theirs (see ``_ReducerBodyCache``).
    @usableFromInline let r0Body = _ReducerBodyCache.for(R0.self)
    @usableFromInline let r1Body = _ReducerBodyCache.for(R1.self)

    @inlinable
    init(_ r0: R0, _ r1: R1) {
      self.r0 = r0
      self.r1 = r1
    }

    @inlinable
    public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
      let first = self.r0._reduce(into: &state, action: action, bodyCache: self.r0Body)
      return first.merge(
        with: self.r1._reduce(into: &state, action: action, bodyCache: self.r1Body))
    }
  }

  /// The reducers of a `for` loop, run in order (built by ``ReducerBuilder``).
  public struct _SequenceMany<Element: Reducer>: Reducer {
    @usableFromInline let reducers: [Element]
    /// The bodies of the reducers, one per reducer when they keep theirs (see
    /// ``_ReducerBodyCache``); empty otherwise.
    @usableFromInline let bodies: [_ReducerBodyCache]

    @inlinable
    init(reducers: [Element]) {
      self.reducers = reducers
      self.bodies =
        _ReducerBodyCache.isNeeded(by: Element.self)
        ? reducers.map { _ in _ReducerBodyCache() } : []
    }

    @inlinable
    public func reduce(
      into state: inout Element.State, action: Element.Action
    ) -> Effect<Element.Action> {
      var effect = Effect<Element.Action>.none
      for index in self.reducers.indices {
        let body = self.bodies.isEmpty ? .unused : self.bodies[index]
        effect = effect.merge(
          with: self.reducers[index]._reduce(into: &state, action: action, bodyCache: body))
      }
      return effect
    }
  }

  /// One of two reducers, chosen by an `if`/`else` or `switch` (built by ``ReducerBuilder``).
  public enum _Conditional<First: Reducer, Second: Reducer<First.State, First.Action>>: Reducer {
    /// The first branch.
    case first(First)
    /// The second branch.
    case second(Second)

    @inlinable
    public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action>
    {
      switch self {
      case let .first(first): first.reduce(into: &state, action: action)
      case let .second(second): second.reduce(into: &state, action: action)
      }
    }

    /// Runs the branch with the cache its holder keeps for it: the branch of a given value never
    /// changes, so the cache only ever holds that branch's body.
    @inlinable
    public func _reduce(
      into state: inout First.State, action: First.Action, bodyCache: _ReducerBodyCache
    ) -> Effect<First.Action> {
      switch self {
      case let .first(first): first._reduce(into: &state, action: action, bodyCache: bodyCache)
      case let .second(second): second._reduce(into: &state, action: action, bodyCache: bodyCache)
      }
    }
  }
}

extension ReducerBuilder._Conditional: _BodyForwardingReducer {}

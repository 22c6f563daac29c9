/// A description of how a feature's state evolves in response to actions, and which effects
/// it starts.
///
/// Conform by implementing either ``reduce(into:action:)`` or ``body`` (usually through the
/// ``Reducer()`` macro):
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State

  /// The feature's actions.
  associatedtype Action

  /// The type of the reducer's ``body``; `Never` for reducers that implement
  /// ``reduce(into:action:)`` directly.
  associatedtype Body

  /// Evolves `state` for `action` and returns the effects to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer's behaviour, composed from other reducers.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// Runs the reducer for whatever holds it (a store, a parent reducer, a builder block), which
  /// keeps `bodyCache` for it; a `@Reducer` with a ``body`` keeps its body there (see
  /// ``_ReducerBodyCache``). Others run ``reduce(into:action:)``.
  func _reduce(
    into state: inout State, action: Action, bodyCache: _ReducerBodyCache
  ) -> Effect<Action>

  /// Whether the reducer uses the ``_ReducerBodyCache`` its holder gives it: `true` for one
  /// that keeps its body (``_BodyCachingReducer``) or hands the storage on to a reducer it wraps
  /// (``_BodyForwardingReducer``), `false` for every other. Answered by the conformance, so a
  /// holder built for concrete types knows it without asking the runtime.
  static var _usesBodyCache: Bool { get }
}

extension Reducer {
  /// Runs ``reduce(into:action:)``: a reducer without a cached body has nothing to keep.
  @inlinable
  public func _reduce(
    into state: inout State, action: Action, bodyCache: _ReducerBodyCache
  ) -> Effect<Action> {
    self.reduce(into: &state, action: action)
  }

  /// A reducer keeps no body unless it is a ``_BodyCachingReducer`` or a
  /// ``_BodyForwardingReducer``.
  @inlinable
  public static var _usesBodyCache: Bool { false }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body; asking for it is a
  /// programming error.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. Do not access a reducer's 'body' property directly, as it \
      may not exist. To run a reducer, call 'Reducer.reduce(into:action:)' instead.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducer's ``body``.
  @inlinable
  public func reduce(into state: inout Body.State, action: Body.Action) -> Effect<Body.Action> {
    self.body.reduce(into: &state, action: action)
  }
}

/// A reducer with the state and action types of the reducer `R`: `some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

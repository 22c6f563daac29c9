/// A reducer made of one case per child feature: the enum a `@Reducer` macro expands for
/// navigation destinations and stack elements.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case addItem(AddItem)
///   case alert(AlertState<Alert>)
///   @CasePathable
///   enum Alert { case confirmDeletion }
/// }
/// ```
///
/// The macro generates `State` and `Action` enums with a case per feature, a static ``body``
/// that runs each feature's reducer on its case, and a ``CaseScope`` for ``Store/case``.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer == Self, Body: Reducer<State, Action> {
  // Restated so that `Body` is inferred from the static `body` alone (which may be opaque, when
  // the enum declares it), not from the defaults `Reducer` offers for an instance `body`.
  associatedtype Body = Body

  /// One case per case of the enum, holding a store scoped to the feature of that case (or
  /// the value of a case that has no reducer).
  associatedtype CaseScope

  /// The reducer that runs each case's feature while the state is in that case: generated, or
  /// declared by the enum (composing its cases with `ifCaseLet` around logic of its own).
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// The current case of `store`'s state, with a store scoped to it.
  @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// The static ``body``: an enum reducer has no instance to hold one.
  public var body: Body { Self.body }
}

/// The `State` of a ``CaseReducer``, which names the reducer it belongs to so that
/// `ifLet(\.$destination, action: \.destination)` and `forEach(\.path, action: \.path)` can
/// find it without being given a reducer.
public protocol CaseReducerState {
  /// The enum reducer whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self

  /// Whether the current case holds alert-like state that is dismissed after any of its
  /// actions (an `AlertState`, a `ConfirmationDialogState` or a `@ReducerCaseEphemeral` case).
  var _$isEphemeral: Bool { get }
}

extension CaseReducerState {
  /// No case is ephemeral unless the macro says so.
  public var _$isEphemeral: Bool { false }
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The current case of the state, with a store scoped to its feature:
  ///
  /// ```swift
  /// switch store.case {
  /// case let .addItem(store): render(store)
  /// case let .alert(alert): render(alert)
  /// }
  /// ```
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}

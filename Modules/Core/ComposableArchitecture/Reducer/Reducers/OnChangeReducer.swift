extension Reducer {
  /// Runs another reducer whenever this one changes a value of the state.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       .send(.search(newValue))
  ///     }
  ///   }
  /// ```
  @inlinable
  public func onChange<V: Equatable, Reducer: ComposableArchitecture.Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> Reducer
  ) -> _OnChangeReducer<Self, V, Reducer> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs another reducer whenever this one changes a value of the state, as judged by
  /// `isDuplicate`.
  @available(*, deprecated, message: "Use 'onChange(of:)' with an equatable value, instead.")
  @inlinable
  public func onChange<V, Reducer: ComposableArchitecture.Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    removeDuplicates isDuplicate: @escaping (V, V) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> Reducer
  ) -> _OnChangeReducer<Self, V, Reducer> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

extension Reducer {
  /// Runs an effect whenever this reducer changes a value of the state: `effect` is given the
  /// old value and the state as this reducer left it.
  ///
  /// ```swift
  /// BindingReducer()
  ///   .onChange(of: \.userSettings.isHapticFeedbackEnabled) { oldValue, state in
  ///     .run { [newValue = state.userSettings.isHapticFeedbackEnabled] send in
  ///       // Persist the new value…
  ///     }
  ///   }
  /// ```
  @inlinable
  public func onChange<V: Equatable>(
    of toValue: @escaping (State) -> V,
    _ effect: @escaping (_ oldValue: V, _ state: inout State) -> Effect<Action>
  ) -> _OnChangeReducer<Self, V, Reduce<State, Action>> {
    self.onChange(of: toValue, removeDuplicates: ==, effect)
  }

  /// Runs an effect whenever this reducer changes a value of the state, as judged by
  /// `isDuplicate`: `effect` is given the old value and the state as this reducer left it.
  @inlinable
  public func onChange<V>(
    of toValue: @escaping (State) -> V,
    removeDuplicates isDuplicate: @escaping (V, V) -> Bool,
    _ effect: @escaping (_ oldValue: V, _ state: inout State) -> Effect<Action>
  ) -> _OnChangeReducer<Self, V, Reduce<State, Action>> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate) { oldValue, _ in
      Reduce { state, _ in effect(oldValue, &state) }
    }
  }
}

/// The reducer made by ``Reducer/onChange(of:_:)``.
public struct _OnChangeReducer<Base: Reducer, Value, Body: Reducer<Base.State, Base.Action>>:
  Reducer
{
  @usableFromInline let base: Base
  /// The body of the base reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let baseBody = _ReducerBodyCache.for(Base.self)
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Body

  @inlinable
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> Body
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = self.toValue(state)
    let effects = self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
    let newValue = self.toValue(state)
    guard !self.isDuplicate(oldValue, newValue) else { return effects }
    return effects.merge(
      with: self.reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}

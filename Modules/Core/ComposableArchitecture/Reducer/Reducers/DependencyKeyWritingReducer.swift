import Dependencies

extension Reducer {
  /// Overrides a dependency for this reducer and the effects it returns.
  ///
  /// ```swift
  /// Child()
  ///   .dependency(\.date.now, Date(timeIntervalSince1970: 0))
  /// ```
  ///
  /// Chained modifiers make a single reducer (see ``_DependencyKeyWritingReducer``), which
  /// behaves as the nested ones would: the modifier written first, closest to the reducer,
  /// applies last, so its value wins.
  @inlinable
  @warn_unqualified_access
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self, update: DismissEffect.writing(value, at: keyPath))
  }

  /// Overrides a dependency, identified by its type, for this reducer and its effects.
  @inlinable
  @warn_unqualified_access
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> where Value.Value == Value {
    _DependencyKeyWritingReducer(
      base: self, update: DismissEffect.writing(value))
  }

  /// Changes a dependency, from the value in force, for this reducer and its effects.
  ///
  /// ```swift
  /// Child()
  ///   .transformDependency(\.apiClient) { $0.baseURL = stagingURL }
  /// ```
  ///
  /// The closure runs for every action the reducer receives.
  @inlinable
  @warn_unqualified_access
  public func transformDependency<V>(
    _ keyPath: WritableKeyPath<DependencyValues, V>,
    transform: @escaping (_ dependency: inout V) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer made by ``Reducer/dependency(_:_:)``: runs its base with changed dependencies.
///
/// Further `dependency` and `transformDependency` modifiers fuse into the same reducer rather
/// than wrapping it again. A fused modifier applies its change before the changes already
/// there, which is the order nested reducers would apply them in (the outermost first): in
///
/// ```swift
/// Child()
///   .dependency(\.apiClient, .mock)
///   .dependency(\.apiClient, .unimplemented)
/// ```
///
/// the child runs with `.mock`.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  /// The body of the base reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let baseBody = _ReducerBodyCache.for(Base.self)
  @usableFromInline let update: (inout DependencyValues) -> Void

  @inlinable
  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(self.update) {
      self.base._reduce(into: &state, action: action, bodyCache: self.baseBody)
    }
  }

  /// This reducer with `change` applied before its own changes.
  @inlinable
  func applying(_ change: @escaping (inout DependencyValues) -> Void) -> Self {
    let update = self.update
    return Self(base: self.base) { values in
      change(&values)
      update(&values)
    }
  }

  /// Overrides another dependency, in this reducer rather than in a new one wrapping it.
  @inlinable
  @warn_unqualified_access
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    self.applying(DismissEffect.writing(value, at: keyPath))
  }

  /// Overrides another dependency, identified by its type, in this reducer rather than in a new
  /// one wrapping it.
  @inlinable
  @warn_unqualified_access
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> Self where Value.Value == Value {
    self.applying(DismissEffect.writing(value))
  }

  /// Changes another dependency, in this reducer rather than in a new one wrapping it.
  @inlinable
  @warn_unqualified_access
  public func transformDependency<V>(
    _ keyPath: WritableKeyPath<DependencyValues, V>,
    transform: @escaping (_ dependency: inout V) -> Void
  ) -> Self {
    self.applying { transform(&$0[keyPath: keyPath]) }
  }
}

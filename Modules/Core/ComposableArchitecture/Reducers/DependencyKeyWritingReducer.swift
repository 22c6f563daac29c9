import Dependencies

extension Reducer {
  /// Overrides a dependency for this reducer and the effects it returns.
  ///
  /// ```swift
  /// Child()
  ///   .dependency(\.date.now, Date(timeIntervalSince1970: 0))
  /// ```
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Overrides a dependency, identified by its type, for this reducer and its effects.
  @inlinable
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> where Value.Value == Value {
    _DependencyKeyWritingReducer(base: self) { $0[Value.self] = value }
  }

  /// Changes a dependency, from the value in force, for this reducer and its effects.
  ///
  /// ```swift
  /// Child()
  ///   .transformDependency(\.apiClient) { $0.baseURL = stagingURL }
  /// ```
  @inlinable
  public func transformDependency<V>(
    _ keyPath: WritableKeyPath<DependencyValues, V>,
    transform: @escaping (_ dependency: inout V) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer made by ``Reducer/dependency(_:_:)``: runs its base with changed dependencies.
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

  /// Applies another change on top of this one, without nesting reducers.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    let update = self.update
    return Self(base: self.base) { values in
      values[keyPath: keyPath] = value
      update(&values)
    }
  }
}

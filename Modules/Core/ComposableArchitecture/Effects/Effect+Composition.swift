extension Effect {
  /// Runs the effects at the same time.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    Self.merge(effects)
  }

  /// Runs the effects of a sequence at the same time.
  @inlinable
  public static func merge<S: Sequence>(_ effects: S) -> Self where S.Element == Self {
    effects.reduce(.none) { $0.merge(with: $1) }
  }

  /// Runs this effect and `other` at the same time.
  ///
  /// Merging with ``none`` returns the other effect unchanged, so reducers that return
  /// `.none` add nothing to the work the store does.
  @inlinable
  public func merge(with other: Self) -> Self {
    // Most reducers return `.none`: those checks are inlined, the rest is not.
    if case .none = self.operation { return other }
    if case .none = other.operation { return self }
    return self.mergeEffects(with: other)
  }

  /// Merges two effects that both do something.
  @usableFromInline
  func mergeEffects(with other: Self) -> Self {
    switch (self.operation, other.operation) {
    case let (.merge(lhs), .merge(rhs)):
      return Self(operation: .merge(lhs + rhs))
    case let (.merge(lhs), _):
      return Self(operation: .merge(lhs + [other]))
    case let (_, .merge(rhs)):
      return Self(operation: .merge([self] + rhs))
    default:
      return Self(operation: .merge([self, other]))
    }
  }

  /// Runs the effects one after another: each starts when the one before it has finished.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self {
    Self.concatenate(effects)
  }

  /// Runs the effects of a collection one after another.
  @inlinable
  public static func concatenate<C: Collection>(_ effects: C) -> Self where C.Element == Self {
    effects.reduce(.none) { $0.concatenate(with: $1) }
  }

  /// Runs `other` once this effect has finished.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    switch (self.operation, other.operation) {
    case (.none, _):
      return other
    case (_, .none):
      return self
    case let (.concatenate(lhs), .concatenate(rhs)):
      return Self(operation: .concatenate(lhs + rhs))
    case let (.concatenate(lhs), _):
      return Self(operation: .concatenate(lhs + [other]))
    case let (_, .concatenate(rhs)):
      return Self(operation: .concatenate([self] + rhs))
    default:
      return Self(operation: .concatenate([self, other]))
    }
  }

  /// Transforms every action the effect sends.
  @inlinable
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    self._map(transform)
  }

  /// Transforms every action the effect sends; the closure need not be `Sendable` because the
  /// store only calls it on the actor that runs the effect's sends.
  @usableFromInline
  func _map<T>(_ transform: @escaping (Action) -> T) -> Effect<T> {
    switch self.operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(name, priority, operation):
      let transform = UncheckedSendable(transform)
      return Effect<T>(
        operation: .run(name: name, priority: priority) { send in
          await operation(
            // The effect's own `send` checks for cancellation; the mapping only forwards.
            Send { action in send.send(transform.value(action)) }
          )
        }
      )
    case let .merge(effects):
      return Effect<T>(operation: .merge(effects.map { $0._map(transform) }))
    case let .concatenate(effects):
      return Effect<T>(operation: .concatenate(effects.map { $0._map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<T>(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect: effect._map(transform))
      )
    case let .cancel(id):
      return Effect<T>(operation: .cancel(id: id))
    case let .observed(onStart, onFinish, effect):
      return Effect<T>(
        operation: .observed(onStart: onStart, onFinish: onFinish, effect: effect._map(transform))
      )
    case let .background(effect):
      return Effect<T>(operation: .background(effect._map(transform)))
    }
  }

  /// Whether running the effect finishes synchronously (it holds no `run` effect).
  var isSynchronous: Bool {
    switch self.operation {
    case .none, .send, .cancel: true
    case .run: false
    case let .merge(effects), let .concatenate(effects): effects.allSatisfy(\.isSynchronous)
    case let .cancellable(_, _, effect), let .observed(_, _, effect): effect.isSynchronous
    // Background work is not waited for: whoever runs it is done as soon as it started.
    case .background: true
    }
  }
}

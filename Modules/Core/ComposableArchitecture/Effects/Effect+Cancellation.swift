import Dependencies

extension Effect {
  /// Makes the effect cancellable with `id`.
  ///
  /// Send ``cancel(id:)`` (or call `Task.cancel(id:)` from another effect) to cancel it. With
  /// `cancelInFlight`, any effect already running under the same id is cancelled when this one
  /// starts: the way to debounce, together with a clock's `sleep`.
  ///
  /// Ids are scoped to the store, and to the feature's place in navigation, that runs them.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if case .none = self.operation, !cancelInFlight { return self }
    return Self(
      operation: .cancellable(
        id: CancellationKey(id: id),
        cancelInFlight: cancelInFlight,
        effect: self
      )
    )
  }

  /// An effect that cancels the running effects that were made cancellable with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(
      operation: .cancel(
        id: CancellationKey(id: id))
    )
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects that were made cancellable with `id`, from inside another effect.
  public static func cancel(id: some Hashable & Sendable) {
    DependencyValues._current.effectRegistry.cancel(key: CancellationKey(inEffect: id))
  }
}

/// Runs `operation` as work that can be cancelled with `id`, from inside an effect.
///
/// With `cancelInFlight`, work already running under `id` is cancelled first. Cancelling the
/// calling task cancels the operation too.
public func withTaskCancellation<T: Sendable, E: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws(E) -> T
) async throws(E) -> T {
  let dependencies = DependencyValues._current
  let registry = dependencies.effectRegistry
  let key = CancellationKey(inEffect: id)
  if cancelInFlight {
    registry.cancel(key: key)
  }
  let result = LockIsolated<Result<T, E>?>(nil)
  let token = registry.makeToken()
  let task = Task {
    do throws(E) {
      let value = try await operation()
      result.setValue(.success(value))
    } catch {
      result.setValue(.failure(error))
    }
  }
  registry.insert(task, token: token, keys: [key])
  defer { registry.remove(token: token) }
  await withTaskCancellationHandler {
    await task.value
  } onCancel: {
    task.cancel()
  }
  switch result.value {
  case let .success(value)?: return value
  case let .failure(error)?: throw error
  case nil: fatalError("A cancellable operation finished without a result.")
  }
}

extension CancellationKey {
  /// The key of `id` used from inside an effect: scoped to the child features whose effect this
  /// is, as the child's `cancellable` effects were.
  init<ID: Hashable & Sendable>(inEffect id: ID) {
    self.init(id: id, path: NavigationIDPath(path: NavigationScope.components))
  }
}

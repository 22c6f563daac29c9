/// One level of navigation a child feature's effects are scoped to: the key path of its state
/// in the parent, and, for elements of a collection, the element's id.
@usableFromInline
struct NavigationComponent: Hashable, @unchecked Sendable {
  @usableFromInline let keyPath: AnyKeyPath
  @usableFromInline let id: AnyHashableSendable?

  @usableFromInline
  init(keyPath: AnyKeyPath, id: AnyHashableSendable?) {
    self.keyPath = keyPath
    self.id = id
  }
}

/// The id under which every effect of one child feature runs, so its parent can cancel them all
/// when the child goes away.
@usableFromInline
struct ChildEffectsID: Hashable, Sendable {
  @usableFromInline init() {}
}

/// The navigation components added, from the innermost out, by the effects a task runs inside;
/// `Task.cancel(id:)` and `withTaskCancellation(id:)` add them to the path their ids are scoped
/// to, as the child's `cancellable` and `cancel` effects were.
enum NavigationScope {
  @TaskLocal static var components: [AnyHashableSendable] = []
}

extension CancellationKey {
  /// The key one navigation level deeper.
  func appending(_ component: AnyHashableSendable) -> Self {
    var key = self
    key.path.path.append(component)
    return key
  }
}

extension Effect {
  /// The effect of a child feature at `component`: its cancellation ids are scoped to the child
  /// (two rows using the same id do not cancel each other), and all of it runs under the child's
  /// ``ChildEffectsID`` so the parent can cancel it.
  @usableFromInline
  func scoped(to component: NavigationComponent) -> Self {
    if case .none = self.operation { return self }
    let component = AnyHashableSendable(component)
    let childEffects = CancellationKey(id: ChildEffectsID()).appending(component)
    return Self(
      operation: .cancellable(
        id: childEffects, cancelInFlight: false, effect: self.scopingIDs(to: component))
    )
  }

  /// An effect cancelling every effect of the child at `component`.
  @usableFromInline
  static func cancelChild(at component: NavigationComponent) -> Self {
    Self(
      operation: .cancel(
        id: CancellationKey(id: ChildEffectsID()).appending(AnyHashableSendable(component))
      )
    )
  }

  private func scopingIDs(to component: AnyHashableSendable) -> Self {
    switch self.operation {
    case .none, .send:
      return self
    case let .run(name, priority, operation):
      return Self(
        operation: .run(name: name, priority: priority) { send in
          await NavigationScope.$components.withValue([component] + NavigationScope.components) {
            await operation(send)
          }
        }
      )
    case let .merge(effects):
      return Self(operation: .merge(effects.map { $0.scopingIDs(to: component) }))
    case let .concatenate(effects):
      return Self(operation: .concatenate(effects.map { $0.scopingIDs(to: component) }))
    case let .cancellable(key, cancelInFlight, effect):
      return Self(
        operation: .cancellable(
          id: key.appending(component), cancelInFlight: cancelInFlight,
          effect: effect.scopingIDs(to: component))
      )
    case let .cancel(key):
      return Self(operation: .cancel(id: key.appending(component)))
    case let .observed(onStart, onFinish, effect):
      return Self(
        operation: .observed(
          onStart: onStart, onFinish: onFinish, effect: effect.scopingIDs(to: component))
      )
    case let .background(effect):
      return Self(operation: .background(effect.scopingIDs(to: component)))
    }
  }
}

/// Runs a presented or stacked child's reducer at `component`, so that
/// `@Dependency(\.isPresented)` is `true` while it runs, as it is in the child's effects.
@usableFromInline
func withNavigationComponent<Result>(
  _ component: NavigationComponent,
  _ body: () -> Result
) -> Result {
  NavigationScope.$components.withValue(
    [AnyHashableSendable(component)] + NavigationScope.components,
    operation: body
  )
}

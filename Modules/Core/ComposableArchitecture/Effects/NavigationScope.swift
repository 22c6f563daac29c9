#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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

/// Where the code of a task runs in navigation: the components added, from the innermost out,
/// by the child effects it runs inside, and how the innermost presented or stacked feature among
/// them dismisses itself.
///
/// `Task.cancel(id:)` and `withTaskCancellation(id:)` add the components to the path their ids
/// are scoped to, as the child's `cancellable` and `cancel` effects were; `@Dependency(\.dismiss)`
/// calls `dismiss`.
struct NavigationContext: Sendable {
  /// The navigation components, from the innermost out.
  var components: [AnyHashableSendable] = []
  /// Sends the dismissal of the innermost presented or stacked feature (its `.dismiss` or
  /// `.popFrom(id:)`) through the effect that runs it; `nil` outside of one.
  var dismiss: (@Sendable () async -> Void)?
  /// How many presented or stacked features the task runs inside (0 outside of any).
  var presentationDepth = 0
}

/// The ``NavigationContext`` of the running task.
enum NavigationScope {
  @TaskLocal static var current = NavigationContext()

  /// The navigation components of the running task, from the innermost out.
  static var components: [AnyHashableSendable] { current.components }
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

  /// The effect of a presented or stacked child at `component`, scoped as by
  /// ``scoped(to:)``, whose `run` bodies dismiss the child by sending `dismissAction` through
  /// their own `send` (so a cancelled effect, of a child already gone, dismisses nothing).
  @usableFromInline
  func scoped(to component: NavigationComponent, dismissAction: Action) -> Self {
    if case .none = self.operation { return self }
    let component = AnyHashableSendable(component)
    let childEffects = CancellationKey(id: ChildEffectsID()).appending(component)
    return Self(
      operation: .cancellable(
        id: childEffects, cancelInFlight: false,
        effect: self.scopingIDs(to: component, dismissAction: UncheckedSendable(dismissAction)))
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

  private func scopingIDs(
    to component: AnyHashableSendable, dismissAction: UncheckedSendable<Action>? = nil
  ) -> Self {
    switch self.operation {
    case .none, .send:
      return self
    case let .run(name, priority, operation):
      return Self(
        operation: .run(name: name, priority: priority) { send in
          var context = NavigationScope.current
          context.components.insert(component, at: 0)
          if let dismissAction {
            context.dismiss = { await send(dismissAction.value) }
            context.presentationDepth += 1
          }
          await NavigationScope.$current.withValue(context) {
            await operation(send)
          }
        }
      )
    case let .merge(effects):
      return Self(
        operation: .merge(
          effects.map { $0.scopingIDs(to: component, dismissAction: dismissAction) }))
    case let .concatenate(effects):
      return Self(
        operation: .concatenate(
          effects.map { $0.scopingIDs(to: component, dismissAction: dismissAction) }))
    case let .cancellable(key, cancelInFlight, effect):
      return Self(
        operation: .cancellable(
          id: key.appending(component), cancelInFlight: cancelInFlight,
          effect: effect.scopingIDs(to: component, dismissAction: dismissAction))
      )
    case let .cancel(key):
      return Self(operation: .cancel(id: key.appending(component)))
    case let .observed(onStart, onFinish, effect):
      return Self(
        operation: .observed(
          onStart: onStart, onFinish: onFinish,
          effect: effect.scopingIDs(to: component, dismissAction: dismissAction))
      )
    case let .background(effect):
      return Self(
        operation: .background(effect.scopingIDs(to: component, dismissAction: dismissAction)))
    }
  }
}

/// Runs a presented or stacked child's reducer, so that `@Dependency(\.isPresented)` is `true`
/// while it runs, as it is in the child's effects.
///
/// A reducer runs synchronously on the caller's thread, and the only thing read of navigation
/// while it runs is whether it is presented: a per-thread count of the presented reducers
/// running is enough, and costs a fraction of pushing a task-local value (which allocates) on
/// every action sent to a presented child. Effects, which run later on other threads, get their
/// place in navigation from ``Effect/scoped(to:dismissAction:)``.
@inlinable
func withPresentedReducer<Result>(_ body: () -> Result) -> Result {
  let count = PresentedReducers.count()
  count.pointee += 1
  defer { count.pointee -= 1 }
  return body()
}

/// How many presented or stacked children's reducers are running on the current thread (see
/// ``withPresentedReducer(_:)``).
@usableFromInline
enum PresentedReducers {
  /// The thread-specific slot holding the address of the thread's count, made on the thread's
  /// first presented reducer and freed when the thread exits. Counting through the address
  /// reads the slot once per reducer and never writes it.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { count in count?.deallocate() }
    return key
  }()

  /// Whether a presented or stacked child's reducer is running on this thread.
  static var isRunning: Bool { Self.depth > 0 }

  /// How many presented or stacked children's reducers are running on this thread, one inside
  /// the other: the presentation level of the reducer running now (0 outside of any).
  @usableFromInline
  static var depth: Int {
    guard let count = pthread_getspecific(Self.key) else { return 0 }
    return count.load(as: Int.self)
  }

  /// The address of this thread's count.
  @inlinable
  static func count() -> UnsafeMutablePointer<Int> {
    if let count = pthread_getspecific(Self.key) {
      return count.assumingMemoryBound(to: Int.self)
    }
    return makeCount()
  }

  /// Makes this thread's count, at 0.
  @usableFromInline
  static func makeCount() -> UnsafeMutablePointer<Int> {
    let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    count.initialize(to: 0)
    pthread_setspecific(Self.key, count)
    return count
  }
}

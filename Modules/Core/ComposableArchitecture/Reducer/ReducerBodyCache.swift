import Synchronization

/// A reducer whose `body` is built once by whatever runs it, and reused for every action.
///
/// The ``Reducer()`` macro adds this conformance to a reducer that declares a `body`. Building
/// a body is not free: every case key path literal in it (`action: \.child`) is instantiated
/// anew each time, which costs microseconds, and a nested feature would rebuild every level's
/// body on every action. With the body kept, an action pays only for the reducers it runs.
///
/// The body is kept by the one that runs the reducer and lives as long as it does: a store
/// keeps its root reducer's; a `Scope`, `ifLet`, `ifCaseLet`, `forEach`, presentation or stack
/// reducer its child's; a builder block (and its `if`/`else` branches), ``CombineReducers``,
/// `Reduce(_:)` or a modifier (`.dependency`, `onChange`, `_printChanges`, time travel) the
/// reducers it holds (see ``_ReducerBodyCache``). They call
/// ``Reducer/_reduce(into:action:bodyCache:)``. Called through ``Reducer/reduce(into:action:)``
/// (by hand, or on a reducer made anew for each action), the reducer builds its body every time,
/// as a plain ``Reducer`` does. A body must therefore depend only on the reducer's own
/// properties, which is how bodies are written anyway. A `@Reducer` implements `body` or
/// `reduce(into:action:)`, not both: one that declares a `body` and adds `reduce` in an
/// extension is run through its body.
public protocol _BodyCachingReducer: Reducer {}

/// A reducer that runs a reducer it wraps with the cache its own holder keeps for it (a
/// builder's `if`/`else`, `switch` and `if`), so that a feature written directly in a branch
/// keeps its body too.
public protocol _BodyForwardingReducer: Reducer {}

extension _BodyCachingReducer {
  /// A reducer that keeps its body uses the storage its holder gives it.
  @inlinable
  public static var _usesBodyCache: Bool { true }
}

extension _BodyForwardingReducer {
  /// A reducer that hands its holder's storage on to the reducer it wraps uses it.
  @inlinable
  public static var _usesBodyCache: Bool { true }
}

extension _BodyCachingReducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the body kept in `bodyCache`, building it on first use.
  @inlinable
  public func _reduce(
    into state: inout State, action: Action, bodyCache: _ReducerBodyCache
  ) -> Effect<Action> {
    let box = bodyCache.load() ?? self._fill(bodyCache)
    return box._withUnsafeGuaranteedRef {
      unsafeDowncast($0, to: _ReducerBodyBox<Body>.self).reduce(into: &state, action: action)
    }
  }

  /// Builds the body into `bodyCache`: the first action's path, kept out of line so that the
  /// path of every other action stays small enough to inline into the reducer running this one.
  @inlinable @inline(never)
  func _fill(_ bodyCache: _ReducerBodyCache) -> Unmanaged<_AnyReducerBody> {
    bodyCache.fill(_ReducerBodyBox(self.body))
  }
}

/// Where the reducer that runs a child keeps the child's body (see ``_BodyCachingReducer``).
///
/// It is made with the reducer that holds it (a store, a `Scope`, a builder block, …) and lives
/// as long as that: once a parent's body is kept, the caches in it are too, so every level of a
/// nested feature builds its body once. Nothing in a child's body refers back to its cache's
/// holder, so keeping it makes no reference cycle; reading it is one load, with no lock and no
/// reference count. A holder shared between threads (reducers are values, and may be) may have
/// its cache filled by two of them at once: one body is kept, the other dropped.
public final class _ReducerBodyCache: Sendable {
  /// The cached body, retained, as the bits of its address; 0 while empty.
  @usableFromInline let body = Atomic<UInt>(0)

  /// Creates empty storage.
  @inlinable
  public init() {}

  /// Storage for the body of a reducer of type `R`: new storage when `R` keeps its body, a
  /// shared instance that is never filled otherwise (so that holding the reducers of a builder
  /// block, most of them `Reduce`s, allocates nothing for them).
  @inlinable
  public static func `for`<R: Reducer>(_: R.Type) -> _ReducerBodyCache {
    Self.isNeeded(by: R.self) ? _ReducerBodyCache() : .unused
  }

  /// Whether a reducer of type `R` uses the storage its holder gives it: one that keeps a body,
  /// or that hands the storage on to the reducer it wraps (`if`/`else` and `if` in a builder).
  @inlinable
  public static func isNeeded<R: Reducer>(by _: R.Type) -> Bool {
    // The conformance answers, which code compiled for `R` reads as a constant: asking the
    // runtime whether `R` conforms to either protocol looked each up in its conformance cache.
    R._usesBodyCache
  }

  /// The storage handed to reducers that do not keep a body.
  @usableFromInline static let unused = _ReducerBodyCache()

  deinit {
    let bits = self.body.load(ordering: .acquiring)
    if let pointer = UnsafeRawPointer(bitPattern: bits) {
      Unmanaged<_AnyReducerBody>.fromOpaque(pointer).release()
    }
  }

  /// The cached body, if any. It lives as long as this cache, which the running reducer keeps.
  @inlinable
  func load() -> Unmanaged<_AnyReducerBody>? {
    let bits = self.body.load(ordering: .acquiring)
    guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
    return Unmanaged.fromOpaque(pointer)
  }

  /// Caches `body`, unless another thread running the same holder cached one first; returns
  /// the body that is cached.
  @usableFromInline
  func fill(_ body: _AnyReducerBody) -> Unmanaged<_AnyReducerBody> {
    // The shared storage of reducers that keep no body is never filled: a body in it would be
    // read as another type's by the next reducer to find it there.
    precondition(
      self !== Self.unused, "A reducer kept its body in storage made for reducers that keep none.")
    let candidate = Unmanaged.passRetained(body)
    let (exchanged, original) = self.body.compareExchange(
      expected: 0, desired: UInt(bitPattern: candidate.toOpaque()),
      successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
    if exchanged { return candidate }
    candidate.release()
    return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: original)!)
  }
}

/// A cached body of any type.
///
/// A body is never changed once built, so reading it from several threads is safe.
public class _AnyReducerBody: @unchecked Sendable {
  @usableFromInline
  init() {}
}

/// A cached body, with the cache for its own body when it is itself a reducer that keeps one
/// (`var body: some ReducerOf<Self> { Child() }`).
public final class _ReducerBodyBox<Body: Reducer>: _AnyReducerBody, @unchecked Sendable {
  @usableFromInline let body: Body
  @usableFromInline let bodyCache: _ReducerBodyCache

  @usableFromInline
  init(_ body: Body) {
    self.body = body
    self.bodyCache = .for(Body.self)
  }

  /// Runs the body where it is stored: reading `body` out of the box would copy the whole
  /// reducer tree below it on every action.
  @inlinable
  func reduce(into state: inout Body.State, action: Body.Action) -> Effect<Body.Action> {
    self.body._reduce(into: &state, action: action, bodyCache: self.bodyCache)
  }
}

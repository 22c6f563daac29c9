import Dependencies
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A reducer whose `body` is built once and reused for every action while a store runs it.
///
/// The ``Reducer()`` macro adds this conformance and its storage. Building a body is not free:
/// every case key path literal in it (`action: \.child`) is instantiated anew each time, which
/// costs microseconds, and a nested feature rebuilds every level's body on every action. With
/// the body cached, an action pays only for the reducers it runs.
///
/// A body is cached only while a store runs the reducer: as the store's root reducer in
/// ``_$bodyCache`` (the store owns it and empties it when it goes away), as a child in the
/// parent reducer that runs it (see ``_ChildReducerBodyCache``). A reducer run outside any
/// store builds its body every time, as a plain ``Reducer`` does. A body must therefore depend
/// only on the reducer's own properties, which is how bodies are written anyway.
public protocol _BodyCachingReducer: Reducer {
  /// Where the body is kept.
  var _$bodyCache: _ReducerBodyCache { get }
}

extension _BodyCachingReducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the cached body, building it on first use.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let cache = self._$bodyCache
    if let box = cache.load() {
      return box._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: _ReducerBodyBox<Body>.self).reduce(into: &state, action: action)
      }
    }
    let body = self.body
    cache.store(_ReducerBodyBox(body))
    return body.reduce(into: &state, action: action)
  }

  /// Runs the body kept in `bodyCache` by the reducer running this one, building it on first
  /// use.
  @inlinable
  public func _reduce(
    into state: inout State, action: Action, bodyCache: _ChildReducerBodyCache
  ) -> Effect<Action> {
    let box = bodyCache.load() ?? self._fill(bodyCache)
    return box._withUnsafeGuaranteedRef {
      unsafeDowncast($0, to: _ReducerBodyBox<Body>.self).reduce(into: &state, action: action)
    }
  }

  /// Builds the body into `bodyCache`: the first action's path, kept out of line so that the
  /// path of every other action stays small enough to inline into the parent.
  @inlinable @inline(never)
  func _fill(_ bodyCache: _ChildReducerBodyCache) -> Unmanaged<_AnyReducerBody> {
    bodyCache.fill(_ReducerBodyBox(self.body))
  }
}

/// The storage of a cached reducer body, used while the reducer is a store's root; generated
/// by the ``Reducer()`` macro. (A child's body is kept by its parent: ``_ChildReducerBodyCache``.)
///
/// Stores run their reducers on the main actor: a cache is filled, used and emptied there, one
/// reduce at a time, and used by nothing else (a reducer run outside a store builds its body).
/// So reading it takes no lock and no reference count. "On the main actor" is told cheaply by
/// the thread: while a store reduces, it records its thread (see ``_ReducingThread``).
///
/// It takes no part in the reducer's equality or hashing.
public final class _ReducerBodyCache: Hashable, Sendable {
  /// The cached body, retained, as the bits of its address; 0 while empty.
  @usableFromInline let body = Atomic<UInt>(0)

  /// Creates empty storage.
  public init() {}

  deinit {
    self.clear()
  }

  /// The cached body, when a store is reducing on this thread and has cached one; it stays
  /// alive until the store that filled the cache goes away, which happens on the main actor,
  /// so not during this reduce.
  @inlinable
  func load() -> Unmanaged<_AnyReducerBody>? {
    guard _ReducingThread.isCurrent() else { return nil }
    let bits = self.body.load(ordering: .relaxed)
    guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
    return Unmanaged.fromOpaque(pointer)
  }

  /// Caches `body` when a store is running the reducer; the store owns the cache from then on.
  @usableFromInline
  func store(_ body: _AnyReducerBody) {
    guard _ReducingThread.isCurrent(),
      let owner = DependencyValues._current.reducerBodyCacheOwner,
      self.body.load(ordering: .relaxed) == 0
    else { return }
    self.body.store(UInt(bitPattern: Unmanaged.passRetained(body).toOpaque()), ordering: .relaxed)
    owner.adopt(self)
  }

  /// Forgets the cached body; called on the main actor, by the store that filled the cache.
  func clear() {
    let bits = self.body.exchange(0, ordering: .relaxed)
    if let pointer = UnsafeRawPointer(bitPattern: bits) {
      Unmanaged<_AnyReducerBody>.fromOpaque(pointer).release()
    }
  }

  public static func == (_: _ReducerBodyCache, _: _ReducerBodyCache) -> Bool { true }
  public func hash(into _: inout Hasher) {}
}

/// The thread on which a store is running its reducer right now, if any.
///
/// The main actor does not always run on the same thread (on Linux, once the main thread hands
/// the main queue over to the thread pool), so "the main actor is reducing" cannot be told by
/// comparing with the main thread; a store records its thread for the length of each reduce
/// instead. A reducer running on another thread at that moment (outside any store) sees another
/// thread and leaves the stores' body caches alone.
@usableFromInline
enum _ReducingThread {
  @usableFromInline static let current = Atomic<UInt>(0)

  /// Whether a store is reducing on the calling thread.
  @inlinable
  static func isCurrent() -> Bool {
    Self.current.load(ordering: .relaxed) == _currentThreadID()
  }

  /// Runs `body`, a store's reduce on the main actor, recording the calling thread.
  @inlinable
  static func run<Result>(_ body: () -> Result) -> Result {
    let previous = Self.current.load(ordering: .relaxed)
    Self.current.store(_currentThreadID(), ordering: .relaxed)
    defer { Self.current.store(previous, ordering: .relaxed) }
    return body()
  }
}

/// An identifier of the current thread, unique among running threads.
@usableFromInline
func _currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// A cached body of any type.
///
/// Bodies are only read by the reducers that own them, on the thread their store reduces on.
public class _AnyReducerBody: @unchecked Sendable {
  @usableFromInline
  init() {}
}

/// A cached body.
public final class _ReducerBodyBox<Body>: _AnyReducerBody, @unchecked Sendable {
  @usableFromInline let body: Body

  @usableFromInline
  init(_ body: Body) {
    self.body = body
  }

  /// Runs the body where it is stored: reading `body` out of the box would copy the whole
  /// reducer tree below it on every action.
  @inlinable
  func reduce<State, Action>(into state: inout State, action: Action) -> Effect<Action>
  where Body: Reducer<State, Action> {
    self.body.reduce(into: &state, action: action)
  }
}

/// Owns the body caches filled while one store runs its reducers, and empties them when the
/// store goes away (``clear()``, called by the store on the main actor).
///
/// A cached body usually captures the reducer that holds the cache (its `Reduce` closures do),
/// a reference cycle that emptying the cache breaks.
final class ReducerBodyCacheOwner: Sendable {
  private let caches = Mutex<[_ReducerBodyCache]>([])

  func adopt(_ cache: _ReducerBodyCache) {
    self.caches.withLock { $0.append(cache) }
  }

  /// Empties every cache this owner filled.
  func clear() {
    for cache in self.caches.withLock({ caches in
      defer { caches.removeAll() }
      return caches
    }) {
      cache.clear()
    }
  }
}

private enum ReducerBodyCacheOwnerKey: DependencyKey {
  static var liveValue: ReducerBodyCacheOwner? { nil }
  static var testValue: ReducerBodyCacheOwner? { nil }
}

extension DependencyValues {
  /// The owner of body caches for the store that is reducing, if any.
  var reducerBodyCacheOwner: ReducerBodyCacheOwner? {
    get { self[ReducerBodyCacheOwnerKey.self] }
    set { self[ReducerBodyCacheOwnerKey.self] = newValue }
  }
}

import Synchronization

/// The body of a child reducer, kept by the reducer that runs the child (``Scope``, `ifLet`,
/// `forEach`, …) for as long as that reducer lives.
///
/// A parent's body is built once while a store runs it, and with it the scopes in it; a child
/// body kept there is built once too, and found with one load on every action, where looking
/// it up in the child (``_ReducerBodyCache``) also has to tell whether a store is reducing on
/// this thread. Nothing in the child's body refers back to the scope that keeps it, so keeping
/// it makes no reference cycle.
///
/// A reducer value run outside a store builds its body on every run, and with it new scopes
/// and new, empty caches, so those children build their bodies every time too.
public final class _ChildReducerBodyCache: Sendable {
  /// The cached body, retained, as the bits of its address; 0 while empty.
  @usableFromInline let body = Atomic<UInt>(0)

  /// Creates empty storage.
  @inlinable
  public init() {}

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

  /// Caches `body`, unless another thread running the same reducer value cached one first;
  /// returns the body that is cached.
  @usableFromInline
  func fill(_ body: _AnyReducerBody) -> Unmanaged<_AnyReducerBody> {
    let candidate = Unmanaged.passRetained(body)
    let (exchanged, original) = self.body.compareExchange(
      expected: 0, desired: UInt(bitPattern: candidate.toOpaque()),
      successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
    if exchanged { return candidate }
    candidate.release()
    return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: original)!)
  }
}

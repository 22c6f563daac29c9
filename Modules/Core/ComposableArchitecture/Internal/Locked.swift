#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#endif

/// A value shared across threads, every access to which holds a `pthread_mutex_t`.
///
/// The runtime's state shared across threads (effect registries, the tasks of a send, the
/// process-wide caches) lives in one of these rather than in the standard library's `Mutex`:
/// the thread sanitizer intercepts the pthread calls and so knows each access happens after the
/// previous holder's, whereas on Linux `Mutex` waits on a futex the sanitizer does not see, so
/// memory the lock orders (outside its own value) is reported as raced.
///
/// The lock is not recursive: `body` must not take the same lock again.
final class Locked<Value: Sendable>: @unchecked Sendable {
  /// The value; only touched while `mutex` is held, so the lock already guarantees the exclusive
  /// access that dynamic exclusivity checks would verify.
  @exclusivity(unchecked) private var value: Value
  /// The mutex, in memory of its own: a `pthread_mutex_t` must not move once initialised.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates a lock guarding `value`.
  init(_ value: Value) {
    self.value = value
    self.mutex = .allocate(capacity: 1)
    self.mutex.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    defer { pthread_mutexattr_destroy(&attributes) }
    #if canImport(Glibc)
      // Spins briefly before sleeping in the kernel, as `Mutex` does: an effect's task ending on
      // another thread while the main actor registers the next one holds the lock only briefly.
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    #endif
    let result = pthread_mutex_init(self.mutex, &attributes)
    precondition(result == 0, "pthread_mutex_init failed: \(result)")
  }

  deinit {
    pthread_mutex_destroy(self.mutex)
    self.mutex.deinitialize(count: 1)
    self.mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value, holding the lock.
  func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(self.mutex)
    defer { pthread_mutex_unlock(self.mutex) }
    return try body(&self.value)
  }
}

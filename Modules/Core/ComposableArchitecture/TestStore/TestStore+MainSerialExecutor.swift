import ConcurrencyExtras

/// The test stores alive in the process, and whether the main serial executor was in use
/// before the first of them was made.
///
/// Tests run in parallel share the process's executor. A store going away turns the main serial
/// executor back to what it was only once no other store is alive, so one test's store does not
/// take it from another's effects.
private let mainSerialExecutorUsers = Locked((count: 0, valueBeforeFirstStore: false))

/// Turns the main serial executor on for a test store being made.
func beginUsingMainSerialExecutor() {
  mainSerialExecutorUsers.withLock { users in
    if users.count == 0 {
      users.valueBeforeFirstStore = uncheckedUseMainSerialExecutor
    }
    users.count += 1
    uncheckedUseMainSerialExecutor = true
  }
}

/// Restores the main serial executor setting for a test store going away: the process's own
/// when it was the last store alive, otherwise on, for the stores still alive.
func endUsingMainSerialExecutor() {
  mainSerialExecutorUsers.withLock { users in
    users.count -= 1
    uncheckedUseMainSerialExecutor = users.count == 0 ? users.valueBeforeFirstStore : true
  }
}

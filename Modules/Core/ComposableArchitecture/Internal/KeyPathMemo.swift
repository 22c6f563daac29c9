import ConcurrencyExtras

/// What was worked out from a key path, kept for that key path object.
///
/// A literal key path without arguments (`\.child`) is one object for the whole process, and
/// what the runtime works out from it (where the field is stored, whether it is observed, which
/// case an `AllCasePaths` member leads to) is the same every time. Every push and presentation
/// builds stores and reducers that ask it again; this table answers them with a lock and a
/// lookup by the object's identity, instead of dynamic casts, generic metadata look-ups and key
/// path hashing.
///
/// An entry keeps its key path alive, so the identity it is found by cannot be reused by another
/// key path while it is there: an entry found is the answer for the same object, whose types are
/// the key path's. Key paths made anew at each call (`\.path[id: id]`) never find their entry
/// again; so that they cannot grow the table without end, it is emptied when it holds
/// ``KeyPathMemo/capacity`` entries, and what is asked again is worked out again.
final class KeyPathMemo<Value>: Sendable {
  /// The most entries the table holds before it is emptied.
  static var capacity: Int { 1_024 }

  private struct Entry {
    let keyPath: AnyKeyPath
    let value: Value
  }

  private let entries = Locked(UncheckedSendable([ObjectIdentifier: Entry]()))

  init() {}

  /// The value kept for `keyPath`, made with `make` (outside the lock, so `make` may use other
  /// tables) and kept when it is not there.
  func value(for keyPath: AnyKeyPath, make: () -> Value) -> Value {
    let id = ObjectIdentifier(keyPath)
    if let found = self.entries.withLock({ $0.value[id]?.value }) {
      return found
    }
    let value = make()
    let emptied = self.entries.withLock { entries -> [ObjectIdentifier: Entry]? in
      var emptied: [ObjectIdentifier: Entry]?
      if entries.value.count >= Self.capacity {
        emptied = entries.value
        entries.value = [:]
      }
      entries.value[id] = Entry(keyPath: keyPath, value: value)
      return emptied
    }
    // Released after the lock, which is held no longer than it must be.
    withExtendedLifetime(emptied) {}
    return value
  }

  /// How many entries the table holds.
  var count: Int {
    self.entries.withLock { $0.value.count }
  }
}

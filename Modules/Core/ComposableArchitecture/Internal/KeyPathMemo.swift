import ConcurrencyExtras

/// What was worked out from a key path, kept for that key path object, in a table of fixed size.
///
/// A literal key path without arguments (`\.child`) is one object for the whole process, and
/// what the runtime works out from it (where the field is stored, whether it is observed, which
/// case an `AllCasePaths` member leads to) is the same every time. Every push and presentation
/// builds stores and reducers that ask it again; this table answers them with a lock and a
/// comparison of addresses, instead of dynamic casts, generic metadata look-ups and key path
/// hashing.
///
/// The table has `KeyPathMemo.slotCount` entries, one per slot chosen from the key path's address;
/// a key path whose slot holds another's replaces it. So its size is bounded even for key paths
/// made anew at each call (`\.path[id: id]`), which never find their entry again and only cost
/// the one they replace a second computation. An entry keeps its key path alive, so the address
/// it is found by cannot be reused by another key path while it is there: an entry found by
/// address is the answer for the same object, whose types are the key path's.
final class KeyPathMemo<Value>: Sendable {
  /// The number of slots, a power of two.
  static var slotCount: Int { 512 }

  private struct Entry {
    let keyPath: AnyKeyPath
    let value: Value
  }

  private let entries = Locked(
    UncheckedSendable([Entry?](repeating: nil, count: KeyPathMemo.slotCount)))

  init() {}

  /// The value kept for `keyPath`, made with `make` (outside the lock, so `make` may use other
  /// tables) and kept when it is not there.
  func value(for keyPath: AnyKeyPath, make: () -> Value) -> Value {
    let slot = Self.slot(of: keyPath)
    let found = self.entries.withLock { entries -> Value? in
      guard let entry = entries.value[slot], entry.keyPath === keyPath else { return nil }
      return entry.value
    }
    if let found { return found }
    let value = make()
    let replaced = self.entries.withLock { entries -> Entry? in
      defer { entries.value[slot] = Entry(keyPath: keyPath, value: value) }
      return entries.value[slot]
    }
    // Released after the lock: releasing a key path or a value runs no code of ours, but the
    // lock is held no longer than it must be.
    withExtendedLifetime(replaced) {}
    return value
  }

  /// The slot of `keyPath`: its address without the bits every object's address shares, folded.
  private static func slot(of keyPath: AnyKeyPath) -> Int {
    let address = UInt(bitPattern: ObjectIdentifier(keyPath))
    return Int(truncatingIfNeeded: (address >> 4) ^ (address >> 13)) & (Self.slotCount - 1)
  }
}

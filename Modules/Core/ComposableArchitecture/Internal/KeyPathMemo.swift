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
///
/// The table is open addressing over the objects' addresses, twice as many slots as entries:
/// a dictionary would hash each identity with SipHash, which costs more than the rest of a
/// lookup, and one entry per slot would let two key paths whose addresses chose the same slot
/// replace each other on every use.
final class KeyPathMemo<Value>: Sendable {
  /// The most entries the table holds before it is emptied.
  static var capacity: Int { 512 }

  private struct Entry {
    let keyPath: AnyKeyPath
    let value: Value
  }

  /// The entries, each in the first free slot from where its address starts it.
  private struct Table {
    /// log2 of the number of slots.
    static var slotBits: Int { 10 }
    /// The number of slots: twice ``KeyPathMemo/capacity``, so probes stay short.
    static var slotCount: Int { 1 << slotBits }

    var slots = [Entry?](repeating: nil, count: Table.slotCount)
    var count = 0

    /// Where the search for `keyPath` starts: its address, multiplied by the golden ratio's
    /// 64-bit fraction, high bits kept (the low bits of addresses are alike).
    static func start(of keyPath: AnyKeyPath) -> Int {
      let address = UInt64(UInt(bitPattern: ObjectIdentifier(keyPath)))
      return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
    }

    func value(for keyPath: AnyKeyPath) -> Value? {
      var index = Self.start(of: keyPath)
      while let entry = self.slots[index] {
        if entry.keyPath === keyPath { return entry.value }
        index = (index + 1) & (Self.slotCount - 1)
      }
      return nil
    }

    /// Keeps `value` for `keyPath`, emptying the table first when it is full; returns the
    /// entries it emptied, to be released outside the lock.
    mutating func insert(_ value: Value, for keyPath: AnyKeyPath) -> [Entry?]? {
      var emptied: [Entry?]?
      if self.count >= KeyPathMemo.capacity {
        emptied = self.slots
        self.slots = [Entry?](repeating: nil, count: Self.slotCount)
        self.count = 0
      }
      var index = Self.start(of: keyPath)
      while let entry = self.slots[index] {
        if entry.keyPath === keyPath { break }
        index = (index + 1) & (Self.slotCount - 1)
      }
      if self.slots[index] == nil { self.count += 1 }
      self.slots[index] = Entry(keyPath: keyPath, value: value)
      return emptied
    }
  }

  private let table = Locked(UncheckedSendable(Table()))

  init() {}

  /// The value kept for `keyPath`, made with `make` (outside the lock, so `make` may use other
  /// tables) and kept when it is not there.
  func value(for keyPath: AnyKeyPath, make: () -> Value) -> Value {
    if let found = self.table.withLock({ $0.value.value(for: keyPath) }) {
      return found
    }
    let value = make()
    let emptied = self.table.withLock { $0.value.insert(value, for: keyPath) }
    // Released after the lock, which is held no longer than it must be.
    withExtendedLifetime(emptied) {}
    return value
  }

  /// How many entries the table holds.
  var count: Int {
    self.table.withLock { $0.value.count }
  }
}

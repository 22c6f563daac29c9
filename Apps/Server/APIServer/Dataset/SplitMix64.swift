/// A small, fast, seedable pseudo-random number generator (SplitMix64), so the same seed
/// always generates the same dataset on every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is determined by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound`, for `bound > 0` (Lemire's multiply-shift; the tiny bias is
  /// irrelevant for test data and keeps the sequence independent of the standard library's
  /// sampling algorithm).
  mutating func below(_ bound: Int) -> Int {
    Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A random element of `elements`, which must not be empty.
  mutating func pick<T>(_ elements: [T]) -> T {
    elements[below(elements.count)]
  }

  /// `true` with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }
}

/// How a list's selected row moves: the one rule every list feature's reducer applies, so the
/// views' keys (``KeyBinding/listMove(_:)``,
/// ``KeyBinding/listJumps(selection:count:pageStep:_:)``) and the reducers agree.
public enum ListSelection {
  /// `selection` moved by `offset` rows and kept inside `0..<count` (0 when `count` is 0),
  /// without overflowing for offsets such as `Int.max` or `Int.min`.
  public static func moved(_ selection: Int, by offset: Int, count: Int) -> Int {
    let (sum, overflow) = selection.addingReportingOverflow(offset)
    let target = overflow ? (offset > 0 ? Int.max : Int.min) : sum
    return clamped(target, count: count)
  }

  /// `selection` kept inside `0..<count` (0 when `count` is 0): the row a stale or out-of-range
  /// selection stands for.
  public static func clamped(_ selection: Int, count: Int) -> Int {
    min(max(selection, 0), max(count - 1, 0))
  }
}

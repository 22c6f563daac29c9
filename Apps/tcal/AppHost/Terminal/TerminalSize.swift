#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's size in character cells.
public struct TerminalSize: Equatable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size of the terminal on `descriptor`, or `nil` when it is not a terminal or reports
  /// no size (some pseudo-terminals start at 0×0).
  public static func of(descriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
  }
}

/// An activity indicator: a cycle of frames advanced by an integer tick.
///
/// The app increments the tick on a timer while something is loading and re-renders; the
/// spinner itself holds no time.
public struct Spinner: Hashable, Sendable {
  /// The frames, shown in order and then again from the first.
  public var frames: [String]

  /// A spinner cycling through `frames` (a spinner without frames shows nothing).
  public init(frames: [String]) {
    self.frames = frames
  }

  /// Braille dots turning in one column.
  public static let dots = Spinner(frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])

  /// A line turning, in ASCII, for terminals without Unicode fonts.
  public static let line = Spinner(frames: ["-", "\\", "|", "/"])

  /// The frame for `tick`; any integer works, negative ones included.
  public func frame(at tick: Int) -> String {
    guard !frames.isEmpty else { return "" }
    let count = frames.count
    return frames[((tick % count) + count) % count]
  }
}

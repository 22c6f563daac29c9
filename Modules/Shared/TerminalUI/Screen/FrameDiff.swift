/// Turns the frame on the terminal and the next one into the bytes that update it.
///
/// Only lines that changed are rewritten: the cursor moves to the line's start, the line is
/// erased and drawn again. The first frame, and any frame whose size differs from the previous
/// one (the terminal was resized), erase the screen once and draw every line. The screen is
/// never erased otherwise, so updates do not flicker. Identical frames produce no bytes.
public enum FrameDiff {
  /// The escape sequences and text that turn `previous` (what the terminal shows, `nil` before
  /// the first frame) into `next`.
  public static func update(from previous: Screen?, to next: Screen) -> String {
    var output = ""
    guard let previous, previous.width == next.width, previous.height == next.height else {
      output += ANSI.reset + ANSI.eraseScreen
      for (index, line) in next.lines.enumerated() {
        output += ANSI.moveCursor(row: index + 1) + line.ansiText
      }
      return output
    }
    for index in next.lines.indices where next.lines[index] != previous.lines[index] {
      output += ANSI.moveCursor(row: index + 1) + ANSI.eraseLine + next.lines[index].ansiText
    }
    return output
  }

  /// The UTF-8 bytes of ``update(from:to:)``, ready to be written to the terminal.
  public static func bytes(from previous: Screen?, to next: Screen) -> [UInt8] {
    Array(update(from: previous, to: next).utf8)
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Line mode's standard output and error, written until their reader goes away
/// (`tcal … | head -1`): a write to a closed pipe then fails quietly instead of crashing the
/// process, and ``isClosed`` tells the host to stop reading commands, as at the end of input,
/// so the app still quits cleanly (its embedded server stopped, a throwaway database removed).
final class StandardOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var closed = false

  /// Makes writes to a closed pipe fail with `EPIPE` instead of ending the process.
  init() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Whether standard output's reader has gone away.
  var isClosed: Bool { lock.withLock { closed } }

  /// Writes `text` to standard output, unless its reader has gone away.
  func write(_ text: String) {
    guard !isClosed else { return }
    do {
      try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    } catch {
      lock.withLock { closed = true }
    }
  }

  /// Writes `text` to standard error; nothing happens when it is closed.
  func writeError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}

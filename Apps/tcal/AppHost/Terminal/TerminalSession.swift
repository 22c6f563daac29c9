import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal taken over for a full-screen interface: raw key input, the alternate screen and
/// a hidden cursor, and the way back to the terminal as it was found.
///
/// ``restore()`` puts back the original terminal settings and screen; it runs at most once, and
/// also runs from a crash of the process (a fatal signal such as SIGSEGV or SIGILL) through
/// ``CrashRestoration``, so the person's shell is never left in raw mode.
public final class TerminalSession: @unchecked Sendable {
  /// The descriptor keys are read from.
  public let input: Int32
  /// The descriptor the screen is written to.
  public let output: Int32
  private let original: termios
  /// The settings the app draws in (raw mode), set again on resuming from a suspension.
  private let raw: termios
  private var isRestored = false
  private let lock = NSLock()

  /// Bytes that enter the alternate screen, turn off wrapping at the right margin, mark pasted
  /// text, hide the cursor and clear.
  public static let enterSequence =
    ANSI.enterAlternateScreen + ANSI.disableAutowrap + ANSI.enableBracketedPaste
    + ANSI.hideCursor + ANSI.eraseScreen + ANSI.moveCursor(row: 1)
  /// Bytes that reset attributes, show the cursor, stop marking pasted text, turn wrapping back
  /// on and leave the alternate screen.
  public static let leaveSequence =
    ANSI.reset + ANSI.showCursor + ANSI.disableBracketedPaste + ANSI.enableAutowrap
    + ANSI.leaveAlternateScreen

  /// Puts the terminal on `input`/`output` in raw mode and switches to the alternate screen.
  ///
  /// - Throws: ``TerminalError/notATerminal`` when `input` is not a terminal, or
  ///   ``TerminalError/system(_:_:)`` when its settings cannot be read or changed.
  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
    guard isatty(input) == 1 else { throw TerminalError.notATerminal }
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else {
      throw TerminalError.system("tcgetattr", errno)
    }
    self.input = input
    self.output = output
    self.original = settings
    var raw = settings
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      throw TerminalError.system("tcsetattr", errno)
    }
    self.raw = raw
    CrashRestoration.install(descriptor: input, settings: settings, output: output)
    write(Self.enterSequence)
  }

  deinit { restore() }

  /// Writes `text` to the terminal, all of it, retrying after interruptions.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    writeAll(descriptor: output, bytes: &bytes)
  }

  /// Puts the terminal back as it was found: settings, main screen, cursor. Safe to call more
  /// than once and from any thread.
  public func restore() {
    let shouldRestore = lock.withLock { () -> Bool in
      defer { isRestored = true }
      return !isRestored
    }
    guard shouldRestore else { return }
    write(Self.leaveSequence)
    var settings = original
    _ = tcsetattr(input, TCSAFLUSH, &settings)
    CrashRestoration.uninstall()
  }

  /// Gives the terminal back as found and stops the app as `ctrl-z` does (SIGTSTP to its
  /// process group, so a `swift run` above it stops too); once the shell continues it (`fg`),
  /// takes the terminal again. The caller redraws everything afterwards.
  ///
  /// - Parameter stop: What stops the process; tests pass their own.
  public func suspend(stop: () -> Void = TerminalSession.stopProcessGroup) {
    guard !lock.withLock({ isRestored }) else { return }
    write(Self.leaveSequence)
    var cooked = original
    _ = tcsetattr(input, TCSAFLUSH, &cooked)
    stop()
    var settings = raw
    _ = tcsetattr(input, TCSAFLUSH, &settings)
    write(Self.enterSequence)
  }

  /// Stops the process group as `ctrl-z` does, and returns once it is continued: the signal
  /// stops this process a moment after it is sent, so the return waits for SIGCONT (at most a
  /// second, for a group that cannot be stopped).
  public static func stopProcessGroup() {
    let continued = DispatchSemaphore(value: 0)
    let source = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .global())
    source.setEventHandler { continued.signal() }
    source.resume()
    _ = kill(0, SIGTSTP)
    _ = continued.wait(timeout: .now() + .seconds(1))
    source.cancel()
  }

  /// The terminal's current size, or 80×24 when it reports none.
  public var size: TerminalSize {
    TerminalSize.of(descriptor: output) ?? TerminalSize.of(descriptor: input)
      ?? TerminalSize(width: 80, height: 24)
  }
}

/// Why the terminal could not be taken over.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard input is not a terminal.
  case notATerminal
  /// A system call failed with `errno`.
  case system(String, Int32)

  /// A sentence for people.
  public var description: String {
    switch self {
    case .notATerminal:
      "Standard input is not a terminal."
    case let .system(call, code):
      "\(call) failed: \(String(cString: strerror(code)))."
    }
  }
}

/// Writes every byte of `bytes` to `descriptor`, retrying after `EINTR` and partial writes;
/// gives up silently on other errors (a closed terminal has no one left to tell).
func writeAll(descriptor: Int32, bytes: inout [UInt8]) {
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { buffer in
      systemWrite(descriptor, buffer.baseAddress, buffer.count)
    }
    if written > 0 {
      offset += written
    } else if written < 0 && errno == EINTR {
      continue
    } else {
      return
    }
  }
}

/// `write(2)`, named apart from the methods called `write`.
@inline(__always)
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

#if canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal back when the process dies of a fatal signal (a crash of the app's own
/// code: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT), then lets the signal take its
/// default course so the crash is still reported.
///
/// The handler does only async-signal-safe work: one `write(2)` of precomputed bytes and one
/// `tcsetattr(3)` with settings saved beforehand.
public enum CrashRestoration {
  /// The signals a crash arrives as.
  public static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT]

  /// Saves what restoring needs and installs the handlers.
  static func install(descriptor: Int32, settings: termios, output: Int32) {
    crashState.descriptor = descriptor
    crashState.output = output
    crashState.settings = settings
    crashState.isArmed = true
    for signal in fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = crashHandler
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      sigaction(signal, &action, nil)
    }
  }

  /// Disarms restoration after a normal restore; the handlers stay but do nothing.
  static func uninstall() {
    crashState.isArmed = false
  }
}

/// What the crash handler needs, set before it can run.
private struct CrashState {
  var isArmed = false
  var descriptor: Int32 = -1
  var output: Int32 = -1
  var settings = termios()
}

nonisolated(unsafe) private var crashState = CrashState()

/// The leave sequence as bytes, made before any crash.
private let leaveBytes: [UInt8] = Array(TerminalSession.leaveSequence.utf8)

private func crashHandler(_ signal: Int32) {
  if crashState.isArmed {
    crashState.isArmed = false
    leaveBytes.withUnsafeBytes { buffer in
      _ = write(crashState.output, buffer.baseAddress, buffer.count)
    }
    _ = tcsetattr(crashState.descriptor, TCSANOW, &crashState.settings)
  }
  // SA_RESETHAND restored the default action: raising again ends the process as the signal
  // would have.
  raise(signal)
}

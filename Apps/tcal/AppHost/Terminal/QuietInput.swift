#if canImport(Glibc)
  import Glibc
#endif

/// The terminal while the app prepares, before it takes the screen (the first run generating
/// its database): keys the person types are not echoed, so they do not scribble over the
/// terminal, and ``restore()`` discards them as it gives the terminal back as it was found, so
/// they reach neither the app nor the shell.
///
/// A signal that ends the process meanwhile (`ctrl-c`'s SIGINT, SIGTERM, SIGHUP, SIGQUIT, or a
/// crash) puts the terminal's settings back first, then takes its default course, so the
/// person's shell is never left without echo. ``restore()`` puts back how those signals were
/// handled before.
public final class QuietInput {
  /// The signals that put the terminal's settings back before they end the process.
  public static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT] + CrashRestoration.fatalSignals

  private let descriptor: Int32
  private let original: termios
  private var previousActions: [(signal: Int32, action: sigaction)] = []
  private var isRestored = false

  /// Stops echoing what is typed on `descriptor`; `nil` when it is not a terminal, or its
  /// settings cannot be read or changed.
  public init?(descriptor: Int32 = STDIN_FILENO) {
    var settings = termios()
    guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
    self.descriptor = descriptor
    self.original = settings
    quietState = QuietState(isArmed: true, descriptor: descriptor, settings: settings)
    for signal in Self.signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = quietSignalHandler
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      var previous = sigaction()
      sigaction(signal, &action, &previous)
      previousActions.append((signal, previous))
    }
    var quiet = settings
    quiet.c_lflag &= ~tcflag_t(ECHO)
    guard tcsetattr(descriptor, TCSANOW, &quiet) == 0 else {
      restore()
      return nil
    }
  }

  deinit { restore() }

  /// Puts the terminal back as it was found, discarding what was typed meanwhile, and the
  /// signals' handling as it was. Safe to call more than once.
  public func restore() {
    guard !isRestored else { return }
    isRestored = true
    var settings = original
    _ = tcsetattr(descriptor, TCSAFLUSH, &settings)
    quietState.isArmed = false
    for (signal, action) in previousActions {
      var action = action
      sigaction(signal, &action, nil)
    }
  }
}

/// What the signal handler needs, set before it can run.
private struct QuietState {
  var isArmed = false
  var descriptor: Int32 = -1
  var settings = termios()
}

nonisolated(unsafe) private var quietState = QuietState()

/// Puts the settings back (one `tcsetattr(3)`, async-signal-safe), then raises the signal again:
/// SA_RESETHAND restored its default action, which now ends the process as it would have.
private func quietSignalHandler(_ signal: Int32) {
  if quietState.isArmed {
    quietState.isArmed = false
    _ = tcsetattr(quietState.descriptor, TCSANOW, &quietState.settings)
  }
  raise(signal)
}

import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// A signal the app reacts to while it owns the terminal.
public enum SignalEvent: Equatable, Sendable {
  /// The terminal was resized (SIGWINCH).
  case resized
  /// The person or the system asked the app to stop (SIGINT, SIGTERM, SIGHUP).
  case terminate(Int32)
}

/// Delivers SIGWINCH, SIGINT, SIGTERM and SIGHUP as ``SignalEvent``s instead of their default
/// actions, for as long as the value lives; their default handling comes back after.
///
/// Unchecked `Sendable`: the dispatch sources are only touched by `init` and `deinit`.
public final class SignalEvents: @unchecked Sendable {
  /// The events, in the order the signals arrived.
  public let events: AsyncStream<SignalEvent>
  private let sources: [any DispatchSourceSignal]

  /// The signals handled: resize and the three that ask the process to stop.
  public static let handled: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP]

  /// Starts delivering signals.
  public init() {
    let (events, continuation) = AsyncStream.makeStream(of: SignalEvent.self)
    self.events = events
    var sources: [any DispatchSourceSignal] = []
    for number in Self.handled {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        continuation.yield(number == SIGWINCH ? .resized : .terminate(number))
      }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  deinit {
    for source in sources { source.cancel() }
    for number in Self.handled { signal(number, SIG_DFL) }
  }
}

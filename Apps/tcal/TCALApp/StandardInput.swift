import AppHost
import Foundation

/// Standard input's lines, read on a thread of their own so the main actor stays free.
enum StandardInput {
  static func lines() -> AsyncStream<String> {
    AsyncStream { continuation in
      let thread = Thread {
        while let line = readLine(strippingNewline: true) {
          continuation.yield(line)
        }
        continuation.finish()
      }
      thread.name = "tcal.stdin"
      thread.start()
    }
  }

  /// Standard input's lines until a signal asks the app to stop (SIGINT, SIGTERM, SIGHUP): the
  /// lines then end as they do at the end of input, so the app quits the way it does there (the
  /// embedded server stopped, a throwaway database removed) and exits with status 0, as the
  /// full screen does on those signals.
  static func lines(until signals: SignalEvents) -> AsyncStream<String> {
    let input = lines()
    return AsyncStream { continuation in
      let reading = Task {
        for await line in input { continuation.yield(line) }
        continuation.finish()
      }
      let watching = Task {
        for await event in signals.events where event != .resized {
          continuation.finish()
          return
        }
      }
      continuation.onTermination = { _ in
        reading.cancel()
        watching.cancel()
      }
    }
  }
}

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
}

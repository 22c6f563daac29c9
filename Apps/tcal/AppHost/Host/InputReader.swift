import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a descriptor's bytes on a thread of its own (a blocking `read(2)`), handing each chunk
/// on as it arrives; the end of input or a read error ends it.
enum InputReader {
  /// Starts the reading thread.
  static func start(
    descriptor: Int32,
    onBytes: @escaping @Sendable ([UInt8]) -> Void,
    onEnd: @escaping @Sendable () -> Void
  ) {
    let thread = Thread {
      var buffer = [UInt8](repeating: 0, count: 1024)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 {
          onBytes(Array(buffer[..<count]))
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          onEnd()
          return
        }
      }
    }
    thread.name = "tcal.input"
    thread.start()
  }
}

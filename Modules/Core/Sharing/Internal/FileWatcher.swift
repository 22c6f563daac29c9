import ConcurrencyExtras
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Calls a handler when a file may have changed: written, replaced by a rename, created or
/// deleted, by this process or another.
///
/// On Linux it watches the file's directory with inotify (a rename over the file, which is how
/// atomic writes land, replaces its inode, so watching the file itself would lose track), and
/// the handler runs within milliseconds. Where inotify is unavailable or refused, or the
/// directory does not exist yet, it polls the file's size, inode and modification time every
/// ``pollingInterval``.
final class FileWatcher: @unchecked Sendable {  // Dispatch sources are thread-safe.
  /// How often the polling fallback looks at the file.
  static let pollingInterval: DispatchTimeInterval = .milliseconds(500)

  private let source: any DispatchSourceProtocol

  /// Starts watching `url`; `handler` runs on a background queue until ``cancel()``. Watching
  /// creates nothing: while the file's directory does not exist, the file is polled.
  init(url: URL, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
    #if os(Linux)
      if let source = Self.inotifySource(url: url, queue: queue, handler: handler) {
        self.source = source
        return
      }
    #endif
    self.source = Self.pollingSource(url: url, queue: queue, handler: handler)
  }

  /// Stops watching.
  func cancel() {
    source.cancel()
  }

  #if os(Linux)
    private static func inotifySource(
      url: URL, queue: DispatchQueue, handler: @escaping @Sendable () -> Void
    ) -> (any DispatchSourceProtocol)? {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      // A file written in place is reported when its writer closes it, not when it is created
      // (empty, or with only part of what is being written).
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
      guard inotify_add_watch(descriptor, url.deletingLastPathComponent().path, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let name = url.lastPathComponent
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        if Self.readEvents(descriptor).contains(name) { handler() }
      }
      // Closing an inotify descriptor waits in the kernel (often over 10 ms); on the watchers'
      // queue it would hold back every other file's events and saves meanwhile.
      source.setCancelHandler {
        DispatchQueue.global(qos: .utility).async { close(descriptor) }
      }
      source.resume()
      return source
    }

    /// The names of the files the pending events are about.
    private static func readEvents(_ descriptor: Int32) -> Set<String> {
      var names: Set<String> = []
      let headerSize = MemoryLayout<inotify_event>.size
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return names }
        buffer.withUnsafeBytes { bytes in
          var offset = 0
          while offset + headerSize <= count {
            let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            let start = offset + headerSize
            let end = min(start + Int(event.len), count)
            let nameBytes = bytes[start..<end].prefix { $0 != 0 }
            names.insert(String(decoding: nameBytes, as: UTF8.self))
            offset = start + Int(event.len)
          }
        }
      }
    }
  #endif

  private static func pollingSource(
    url: URL, queue: DispatchQueue, handler: @escaping @Sendable () -> Void
  ) -> any DispatchSourceProtocol {
    let source = DispatchSource.makeTimerSource(queue: queue)
    let last = LockIsolated(signature(url))
    source.setEventHandler {
      let current = signature(url)
      let previous = last.withValue { last in
        defer { last = current }
        return last
      }
      if previous != current { handler() }
    }
    source.schedule(deadline: .now() + pollingInterval, repeating: pollingInterval)
    source.resume()
    return source
  }

  /// What tells one version of a file from another: inode, size and modification time; `nil`
  /// when there is no file.
  private static func signature(_ url: URL) -> [Int]? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
    #else
      let modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    #endif
    return [Int(info.st_ino), Int(info.st_size)] + modified
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The disk operations of ``FileStorage/fileSystem``: atomic writes, moving an unreadable
/// file aside, and reading a file that may not exist.
enum FileSystem {
  /// Serialises this process's writes, so the last write asked for is the last one renamed.
  private static let writing = NSLock()

  /// The file's contents, or `nil` when there is no file.
  static func read(_ url: URL) throws -> Data? {
    do {
      return try Data(contentsOf: url)
    } catch {
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      throw FileStorageError.unreadable(path: url.path, movedTo: nil, reason: reason(for: error))
    }
  }

  /// Writes `data` to a temporary file beside `url`, flushes it to disk and renames it over
  /// `url`: the file is always either the old contents or the new, never a mix, however many
  /// processes write at once (the last rename wins). Creates the directory when needed.
  static func writeAtomically(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    try writing.withLock {
      try makeDirectories(directory.path, reportedAs: url.path)
      let temporary = directory.appendingPathComponent(
        ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
      do {
        try writeAndSync(data, to: temporary.path, reportedAs: url.path)
        guard rename(temporary.path, url.path) == 0 else {
          throw FileStorageError.saveFailed(path: url.path, reason: lastErrorReason())
        }
      } catch {
        unlink(temporary.path)
        throw error
      }
    }
  }

  /// Moves the file at `url` aside, never deleting it, to `<name>.corrupt-<UTC timestamp>`
  /// (with a counter when that exists), and returns where it went.
  static func moveAside(_ url: URL, now: Date) throws -> URL {
    let stamp = timestamp(now)
    let directory = url.deletingLastPathComponent()
    let name = url.lastPathComponent
    var destination = directory.appendingPathComponent("\(name).corrupt-\(stamp)")
    var attempt = 1
    while FileManager.default.fileExists(atPath: destination.path) {
      attempt += 1
      destination = directory.appendingPathComponent("\(name).corrupt-\(stamp)-\(attempt)")
    }
    do {
      try FileManager.default.moveItem(at: url, to: destination)
    } catch {
      throw FileStorageError.saveFailed(path: destination.path, reason: reason(for: error))
    }
    return destination
  }

  /// Creates the directory at `path` and its missing parents, failing with the system's reason
  /// (such as "Not a directory" when a parent is a file).
  static func makeDirectories(_ path: String, reportedAs name: String) throws {
    var current = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      current += "/" + component
      if mkdir(current, 0o755) != 0, errno != EEXIST {
        throw FileStorageError.saveFailed(path: name, reason: lastErrorReason())
      }
    }
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw FileStorageError.saveFailed(path: name, reason: String(cString: strerror(ENOTDIR)))
    }
  }

  /// Creates `path` (which must not exist), writes `data` to it and flushes it to disk.
  private static func writeAndSync(_ data: Data, to path: String, reportedAs name: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw FileStorageError.saveFailed(path: name, reason: lastErrorReason())
    }
    defer { close(descriptor) }
    try data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw FileStorageError.saveFailed(path: name, reason: lastErrorReason())
        }
        offset += written
      }
    }
    guard fsync(descriptor) == 0 else {
      throw FileStorageError.saveFailed(path: name, reason: lastErrorReason())
    }
  }

  /// `errno`, as a sentence such as "Permission denied".
  static func lastErrorReason() -> String {
    String(cString: strerror(errno))
  }

  /// A short reason for a Foundation file error: the POSIX error's description when there is
  /// one.
  static func reason(for error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return nsError.localizedDescription
  }

  /// `date` in UTC as `20261123T212500Z`, for file names.
  private static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date).filter { $0 != "-" && $0 != ":" }
  }
}

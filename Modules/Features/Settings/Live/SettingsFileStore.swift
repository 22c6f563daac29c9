import ComposableArchitecture
import Foundation
import SettingsFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The settings as a JSON file, `settings.json` in a directory.
///
/// Saving writes a temporary file in the same directory, flushes it to disk and renames it over
/// `settings.json`, so the file is always either the old settings or the new ones, never a mix,
/// whatever fails and however many savers run at once. A file that cannot be read or decoded is
/// moved aside (never deleted) to `settings.json.corrupt-<timestamp>`, and the defaults are used.
struct SettingsFileStore: Sendable {
  /// The directory holding `settings.json`; created on the first save.
  let directory: URL
  /// The current time, for naming moved-aside files.
  let now: @Sendable () -> Date

  /// Serialises saves in this process, so the last save asked for is the last one written.
  private static let saving = LockIsolated(())

  /// The settings file.
  var fileURL: URL { directory.appendingPathComponent("settings.json") }

  /// The saved settings: the defaults without a notice when there is no file; the defaults
  /// with a notice, the file moved aside, when it cannot be read or decoded.
  func load() -> SettingsLoad {
    let data: Data
    do {
      data = try Data(contentsOf: fileURL)
    } catch {
      guard FileManager.default.fileExists(atPath: fileURL.path) else {
        return SettingsLoad(settings: .default)
      }
      return moveAside()
    }
    do {
      return SettingsLoad(settings: try JSONDecoder().decode(UserSettings.self, from: data))
    } catch {
      return moveAside()
    }
  }

  /// Writes `settings` atomically, unless a newer save cancelled this one first.
  ///
  /// - Throws: `CancellationError` when the calling task was cancelled before writing,
  ///   ``SettingsClientError/saveFailed(path:reason:)`` when the file cannot be written (the
  ///   old file is then unchanged).
  func save(_ settings: UserSettings) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(settings) + Data("\n".utf8)
    } catch {
      throw SettingsClientError.saveFailed(path: fileURL.path, reason: "\(error)")
    }
    try Self.saving.withValue { _ in
      try Task.checkCancellation()
      do {
        try FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true)
      } catch {
        throw SettingsClientError.saveFailed(
          path: fileURL.path, reason: Self.reason(for: error))
      }
      let temporary = directory.appendingPathComponent(
        ".settings.json.\(UUID().uuidString).tmp")
      do {
        try Self.writeAndSync(data, to: temporary.path)
        guard rename(temporary.path, fileURL.path) == 0 else {
          throw SettingsClientError.saveFailed(path: fileURL.path, reason: Self.lastErrorReason())
        }
      } catch {
        unlink(temporary.path)
        throw error
      }
    }
  }

  /// Moves the unusable file aside and returns the defaults with a notice saying where it went.
  private func moveAside() -> SettingsLoad {
    let stamp = Self.timestamp(now())
    var destination = directory.appendingPathComponent("settings.json.corrupt-\(stamp)")
    var attempt = 1
    while FileManager.default.fileExists(atPath: destination.path) {
      attempt += 1
      destination = directory.appendingPathComponent("settings.json.corrupt-\(stamp)-\(attempt)")
    }
    do {
      try FileManager.default.moveItem(at: fileURL, to: destination)
    } catch {
      return SettingsLoad(
        settings: .default,
        notice: "Your settings file \(fileURL.path) was unreadable and could not be moved aside "
          + "(\(Self.reason(for: error))); using defaults.")
    }
    return SettingsLoad(
      settings: .default,
      notice: "Your settings file was unreadable; it was moved to \(destination.path); "
        + "using defaults.")
  }

  /// Creates `path` (which must not exist), writes `data` to it and flushes it to disk.
  private static func writeAndSync(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw SettingsClientError.saveFailed(path: path, reason: lastErrorReason())
    }
    defer { close(descriptor) }
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw SettingsClientError.saveFailed(path: path, reason: lastErrorReason())
        }
        offset += written
      }
    }
    guard fsync(descriptor) == 0 else {
      throw SettingsClientError.saveFailed(path: path, reason: lastErrorReason())
    }
  }

  /// `errno`, as a sentence such as "Permission denied".
  private static func lastErrorReason() -> String {
    String(cString: strerror(errno))
  }

  /// A short reason for a Foundation file error: the POSIX error's description when there is
  /// one.
  private static func reason(for error: any Error) -> String {
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

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether file modes stop this process: not when it runs as root, which reads and writes
/// whatever the mode says.
enum FilePermissions {
  static var areEnforced: Bool { geteuid() != 0 }
}

/// Making a directory refuse new files: `chmod 555` for an ordinary user; for root, which
/// ignores modes, the immutable attribute (`chattr +i`) where the file system supports it.
enum ReadOnlyDirectory {
  /// Whether this process can make a directory refuse new files, probed once.
  static let canBeMade: Bool = {
    let probe = FileManager.default.temporaryDirectory
      .appendingPathComponent("read-only-probe-\(UUID().uuidString)")
    guard
      (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true))
        != nil
    else { return false }
    defer {
      undo(probe)
      try? FileManager.default.removeItem(at: probe)
    }
    guard (try? make(probe)) != nil else { return false }
    return !FileManager.default.createFile(
      atPath: probe.appendingPathComponent("file").path, contents: Data())
  }()

  /// Makes `directory` refuse new files.
  static func make(_ directory: URL) throws {
    if FilePermissions.areEnforced {
      chmod(directory.path, 0o555)
    } else {
      try chattr("+i", directory)
    }
  }

  /// Lets `directory` take new files again.
  static func undo(_ directory: URL) {
    if FilePermissions.areEnforced {
      chmod(directory.path, 0o755)
    } else {
      try? chattr("-i", directory)
    }
  }

  private static func chattr(_ flag: String, _ directory: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [flag, directory.path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.fileWriteNoPermission)
    }
  }
}

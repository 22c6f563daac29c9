import Foundation

/// What can be wrong with where a database goes, whatever a file there holds: said to the
/// person instead of SQLite's or Foundation's error, and never with advice to remove the file.
enum DatabasePath {
  /// Why `path` cannot hold a database before anything is opened, or `nil`: it is a directory,
  /// a part of it that exists is a file, or the file or its write-ahead log files are
  /// read-only. Found before SQLite opens the file, which would make the log files, read-only
  /// like it, and so still refuse the file once the person has made it writable.
  static func problem(_ path: String) -> String? {
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { return "it is a directory" }
      if !files.isWritableFile(atPath: path) { return "the file is read-only" }
      for log in [path + "-wal", path + "-shm"]
      where files.fileExists(atPath: log) && !files.isWritableFile(atPath: log) {
        return "its write-ahead log file \(log) is read-only"
      }
      return nil
    }
    var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent()
    while ancestor.path != "/" {
      if files.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
        return isDirectory.boolValue ? nil : "\(ancestor.path) is not a directory"
      }
      ancestor.deleteLastPathComponent()
    }
    return nil
  }

  /// Why SQLite could not open or write `path` for writing: the file or its directory is
  /// read-only (or permissions deny it).
  static func unwritableReason(_ path: String) -> String {
    let files = FileManager.default
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    if files.fileExists(atPath: path), !files.isWritableFile(atPath: path) {
      return "the file is read-only"
    }
    if !files.isWritableFile(atPath: directory) {
      return "its directory \(directory) is read-only"
    }
    return "it cannot be opened for writing"
  }
}

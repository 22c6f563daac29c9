import Foundation

/// Why the embedded server could not start, in words for the person running the app: which
/// file or directory, what is wrong with it, and what to do instead.
public enum EmbeddedServerError: Error, Equatable, CustomStringConvertible {
  /// The data directory is a file, or cannot be created.
  case unusableDirectory(path: String, reason: String)
  /// The data directory exists but cannot be written to.
  case unwritableDirectory(path: String)
  /// The database in the data directory cannot be opened (it is damaged, or not a database).
  case unreadableDatabase(path: String, reason: String)
  /// The database cannot be in the data directory: `api.sqlite` there is a directory, or a
  /// read-only file. Nothing is wrong with what it holds.
  case unusableDatabase(path: String, reason: String)
  /// Another process (another app, or a server, on the same data directory) kept the database
  /// locked; nothing is wrong with it.
  case databaseInUse(path: String)

  public var description: String {
    switch self {
    case let .unusableDirectory(path, reason):
      "Can't use \(path) as the data directory: \(reason). \(Self.advice)"
    case let .unwritableDirectory(path):
      "Can't write to the data directory \(path). \(Self.advice)"
    case let .unreadableDatabase(path, reason):
      """
      Can't open the database \(path): \(reason). Move it aside (or delete it) and a new one \
      is generated on the next run, or \(Self.alternatives).
      """
    case let .unusableDatabase(path, reason):
      """
      Can't use \(path) as the database: \(reason). Choose another directory with \
      --data-dir DIR, or run with --in-memory.
      """
    case let .databaseInUse(path):
      """
      Can't open the database \(path): another process (another tcal, or a server) is using \
      it and kept it locked. Try again when it is done, or \(Self.alternatives).
      """
    }
  }

  /// What the person can do instead, for a directory that cannot be used.
  private static let advice = "Choose another with --data-dir DIR, or run with --in-memory."

  /// The same, as the end of a sentence.
  private static let alternatives =
    "choose another directory with --data-dir DIR, or run with --in-memory"

  /// Makes sure `directory` can hold the database: creates it (and its parents) when missing.
  ///
  /// - Throws: ``unusableDirectory(path:reason:)`` or ``unwritableDirectory(path:)``.
  static func prepare(_ directory: URL) throws(EmbeddedServerError) {
    let path = directory.path
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .unusableDirectory(path: path, reason: "it is a file")
      }
    } else {
      do {
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
      } catch {
        throw .unusableDirectory(path: path, reason: reason(creating: error))
      }
    }
    guard files.isWritableFile(atPath: path) else { throw .unwritableDirectory(path: path) }
  }

  /// Why creating the directory failed, in a few words.
  private static func reason(creating error: any Error) -> String {
    let nsError = error as NSError
    switch nsError.code {
    case NSFileWriteNoPermissionError, NSFileReadNoPermissionError:
      return "permission denied"
    case NSFileWriteFileExistsError:
      return "a file is in the way"
    case NSFileWriteOutOfSpaceError:
      return "the disk is full"
    case NSFileWriteVolumeReadOnlyError:
      return "the disk is read-only"
    default:
      return "it cannot be created"
    }
  }
}

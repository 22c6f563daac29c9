import ConcurrencyExtras
import Dependencies
import Dispatch
import Foundation

/// Where `.fileStorage` keys read and write their files: the disk
/// (``FileStorage/fileSystem``, the app's) or a dictionary in memory (``FileStorage/inMemory``,
/// each test's), chosen by the ``Dependencies/DependencyValues/defaultFileStorage`` dependency.
public struct FileStorage: Hashable, Sendable {
  let id: AnyHashableSendable
  /// The file's contents, `nil` when there is none.
  @_spi(Internals) public let load: @Sendable (URL) throws -> Data?
  /// Replaces the file's contents atomically.
  @_spi(Internals) public let save: @Sendable (Data, URL) throws -> Void
  /// Moves an unreadable file aside and returns where it went.
  let moveAside: @Sendable (URL) throws -> URL
  /// Calls the handler when the file may have changed, until the subscription is cancelled.
  let watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription
  /// Runs the work after the delay (immediately in memory, so tests see every save at once).
  let schedule: @Sendable (DispatchTimeInterval, @escaping @Sendable () -> Void) -> Void

  /// The disk: writes go to a temporary file that is flushed and renamed over the file (never
  /// a torn file, whatever process writes), a file that cannot be decoded is moved aside to
  /// `<name>.corrupt-<timestamp>`, and changes other processes make are picked up (inotify on
  /// Linux, within milliseconds; polling every half second elsewhere).
  public static let fileSystem = FileStorage(
    id: AnyHashableSendable("fileSystem"),
    load: { try FileSystem.read($0) },
    save: { try FileSystem.writeAtomically($0, to: $1) },
    moveAside: { try FileSystem.moveAside($0, now: Date()) },
    watch: { url, handler in
      let watcher = FileWatcher(url: url, queue: fileStorageQueue, handler: handler)
      return SharedSubscription { watcher.cancel() }
    },
    schedule: { delay, work in
      fileStorageQueue.asyncAfter(deadline: .now() + delay) { work() }
    }
  )

  /// A file system in memory that starts empty: nothing touches the disk. Each use of this
  /// property is a new, separate one.
  public static var inMemory: FileStorage {
    inMemory(files: LockIsolated([:]))
  }

  /// A file system in memory holding `files`, which it reads and writes: a test can put a
  /// file there before a feature loads it, and read what the feature saved.
  public static func inMemory(files: LockIsolated<[URL: Data]>) -> FileStorage {
    FileStorage(
      id: AnyHashableSendable(ObjectIdentifier(files)),
      load: { url in files.withValue { $0[url] } },
      save: { data, url in files.withValue { $0[url] = data } },
      moveAside: { url in
        let destination = url.appendingPathExtension("corrupt")
        files.withValue {
          $0[destination] = $0[url]
          $0[url] = nil
        }
        return destination
      },
      watch: { _, _ in SharedSubscription {} },
      schedule: { _, work in work() }
    )
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The queue file watching and delayed writes run on.
private let fileStorageQueue = DispatchQueue(label: "Sharing.FileStorage")

/// Why a `.fileStorage` key could not load or save, as its `loadError` or `saveError`.
public enum FileStorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read or decoded. It was moved to `movedTo` (when that worked), so
  /// the next save does not overwrite it, and the shared value keeps its default.
  case unreadable(path: String, movedTo: String?, reason: String)
  /// The file was changed, while the shared value was in use, to contents that cannot be
  /// decoded (by another process, or by hand). They were moved to `movedTo`, and the file
  /// written again with what the shared value holds, which it keeps.
  case unreadableChange(path: String, movedTo: String, reason: String)
  /// The file could not be written; what was on disk is unchanged.
  case saveFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, .some(let movedTo), let reason):
      "\(path) could not be read (\(reason)); it was moved to \(movedTo) and the default is used."
    case .unreadable(let path, .none, let reason):
      "\(path) could not be read (\(reason)); the default is used."
    case .unreadableChange(let path, let movedTo, let reason):
      "\(path) was changed to contents that could not be read (\(reason)); they were moved to "
        + "\(movedTo) and the value in use was written back."
    case .saveFailed(let path, let reason):
      "\(path) could not be written: \(reason)."
    }
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var previewValue: FileStorage { .inMemory }
  static var testValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// The file storage `.fileStorage` keys use: the disk in the app, an empty in-memory file
  /// system in each test (so no test touches the disk or sees another's files).
  ///
  /// Override it to run the app against memory, or a test against the disk:
  ///
  /// ```swift
  /// prepareDependencies { $0.defaultFileStorage = .inMemory }
  /// ```
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}

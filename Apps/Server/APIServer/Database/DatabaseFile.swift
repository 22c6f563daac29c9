#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file a database was opened from, told apart from a file later put at its path: SQLite
/// keeps using the file it opened, so once that file is removed (or renamed over) what the
/// server writes is lost with it.
struct DatabaseFile: Sendable {
  /// The file's path.
  let path: String
  /// The file's name, without its directory (what an answer to a client may say).
  var name: String { path.split(separator: "/").last.map(String.init) ?? path }
  /// The file's device and inode when it was opened, or `nil` when they could not be read.
  private let identity: Identity?

  /// Where the file at the path stands against the one opened.
  enum Status: Equatable {
    /// The path names the file opened (or its identity could not be read at all).
    case same
    /// Nothing is at the path.
    case missing
    /// Another file is at the path.
    case replaced
  }

  fileprivate struct Identity: Equatable {
    var device: UInt64
    var inode: UInt64
  }

  /// The file now at `path`, the one the database is opened from.
  init(path: String) {
    self.path = path
    self.identity = Self.identity(at: path)
  }

  /// Compares the file now at the path with the one opened (one `stat` call, a few
  /// microseconds).
  func current() -> Status {
    guard let identity else { return .same }
    var info = stat()
    guard stat(path, &info) == 0 else { return errno == ENOENT ? .missing : .same }
    return Identity(info) == identity ? .same : .replaced
  }

  private static func identity(at path: String) -> Identity? {
    var info = stat()
    return stat(path, &info) == 0 ? Identity(info) : nil
  }
}

extension DatabaseFile.Identity {
  init(_ info: stat) {
    self.init(
      device: UInt64(truncatingIfNeeded: info.st_dev),
      inode: UInt64(truncatingIfNeeded: info.st_ino))
  }
}

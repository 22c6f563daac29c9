import ComposableArchitecture
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file that every action and the change it made to state are appended to (`--log-actions`),
/// in the format of the runtime's `_printChanges`.
///
/// The file is opened once, for appending: it is created when missing and never truncated, so
/// several runs add to the same log. Nothing is written to standard output or standard error,
/// which the full-screen interface owns.
public final class ActionLog: Sendable {
  /// The path the log was opened at.
  public let path: String
  private let descriptor: Int32

  /// Opens (creating it if needed) the file at `path` for appending.
  ///
  /// - Throws: ``ActionLogError`` when the file cannot be opened, or when this is a release
  ///   build, where `_printChanges` prints nothing.
  public init(path: String) throws(ActionLogError) {
    #if !DEBUG
      throw .needsDebugBuild
    #else
      let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      self.path = path
      self.descriptor = descriptor
    #endif
  }

  deinit {
    close(descriptor)
  }

  /// Appends `text` and a newline, in one `write` when the system allows (appends from several
  /// processes do not interleave within a step).
  public func append(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          // A full disk or a revoked file: the log is a debugging aid, the app goes on.
          return
        }
      }
    }
  }

  /// A printer for `_printChanges` that appends each step to this log.
  public func printer<State, Action>() -> _ReducerPrinter<State, Action> {
    .customDump { [self] text in self.append(text) }
  }
}

/// Why the action log could not be opened; ``description`` is the message `tcal` shows.
public enum ActionLogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened for appending (`reason` is the system's).
  case cannotOpen(path: String, reason: String)
  /// Release builds leave `_printChanges` out, so there would be nothing to log.
  case needsDebugBuild

  /// One line for people.
  public var description: String {
    switch self {
    case let .cannotOpen(path, reason):
      "Cannot write the action log \"\(path)\": \(reason)."
    case .needsDebugBuild:
      "--log-actions needs a debug build (swift build): release builds leave _printChanges out."
    }
  }
}

import Foundation
import IssueReporting

/// Holds the issues reported while the full-screen interface has the terminal (a runtime
/// warning of a debug build, a shared file that could not be loaded), and writes them out once
/// the terminal is back as it was found: written at once, they would land in the middle of the
/// drawn screen, and vanish with it.
///
/// They are written as IssueReporting's default reporter writes them on Linux, one per line:
/// `Module/File.swift:12: message`.
public final class HeldIssueReporter: IssueReporter, @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  /// A reporter holding nothing yet.
  public init() {}

  /// The issues held so far, one line each, in the order they were reported.
  public var heldLines: [String] {
    lock.withLock { lines }
  }

  /// Holds an issue.
  public func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    hold("\(fileID):\(line): \(message() ?? "Issue reported")")
  }

  /// Holds an error reported as an issue.
  public func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    hold("\(fileID):\(line): Caught error: \(error)\(message().map { ": \($0)" } ?? "")")
  }

  /// Passes the held issues to `write`, one line each, and forgets them.
  public func flush(to write: (String) -> Void) {
    let held = lock.withLock {
      defer { lines.removeAll() }
      return lines
    }
    for line in held { write(line) }
  }

  /// Runs `body` with this reporter in place of every issue reporter of the process (not only
  /// of the calling task: a shared file's changes are loaded off any task), then puts the
  /// reporters back and writes the held issues to standard error. Errors `skipping` holds are
  /// not held (see ``SkippingIssueReporter``).
  public func holding<Result>(
    isolation: isolated (any Actor)? = #isolation,
    skipping skips: @escaping @Sendable (any Error) -> Bool = { _ in false },
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    let reporters = IssueReporters.current
    IssueReporters.current = [SkippingIssueReporter(passingTo: [self], skipping: skips)]
    defer {
      IssueReporters.current = reporters
      flush { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    }
    return try await body()
  }

  private func hold(_ line: String) {
    lock.withLock { lines.append(line) }
  }
}

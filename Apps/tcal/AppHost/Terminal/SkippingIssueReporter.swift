import IssueReporting

/// Passes issues on to other reporters, except the errors the app tells the person about in its
/// own words (a settings file moved aside, which its notice says): reported again as a
/// developer's line on standard error, such an error would only repeat the notice, and outlive
/// the screen that explained it.
public struct SkippingIssueReporter: IssueReporter {
  /// The reporters issues go on to.
  public let reporters: [any IssueReporter]
  /// Whether an error reported as an issue is one the app tells itself.
  public let skips: @Sendable (any Error) -> Bool

  /// Passes issues on to `reporters`, except errors `skips` holds.
  public init(
    passingTo reporters: [any IssueReporter],
    skipping skips: @escaping @Sendable (any Error) -> Bool
  ) {
    self.reporters = reporters
    self.skips = skips
  }

  /// Passes the issue on.
  public func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message()
    for reporter in reporters {
      reporter.reportIssue(
        message, severity: severity, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Passes the error on, unless the app tells it itself.
  public func reportIssue(
    _ error: any Error,
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    guard !skips(error) else { return }
    let message = message()
    for reporter in reporters {
      reporter.reportIssue(
        error, message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

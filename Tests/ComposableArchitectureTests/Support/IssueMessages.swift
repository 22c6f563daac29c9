import ComposableArchitecture
import IssueReporting
import Testing

/// The message an issue was recorded with: the text a test store reported, exactly.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// An issue reporter that keeps the messages of the issues reported to it.
final class RecordingIssueReporter: IssueReporter, @unchecked Sendable {
  private let messages = LockIsolated<[String]>([])

  /// The messages reported so far, in order.
  var reported: [String] { self.messages.value }

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message() ?? ""
    self.messages.withValue { $0.append(message) }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {}
}

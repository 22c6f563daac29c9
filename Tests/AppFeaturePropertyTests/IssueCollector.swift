import ComposableArchitecture

/// Collects the issues the runtime reports instead of failing the test with them, so a run can
/// compare them with the ones it expects.
final class IssueCollector: IssueReporter, Sendable {
  private let messages = LockIsolated<[String]>([])

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? "(no message)"
    messages.withValue { $0.append(text) }
  }

  /// The issues reported since the last call, oldest first.
  func drain() -> [String] {
    messages.withValue { messages in
      defer { messages.removeAll() }
      return messages
    }
  }
}

import AppHost
import IssueReporting
import Testing

@Suite
struct HeldIssueReporterTests {
  struct LoadFailed: Error {}

  @Test
  func issuesAreHeldUntilFlushedThenWrittenOnceInOrder() {
    let reporter = HeldIssueReporter()
    reporter.reportIssue(
      "A warning", severity: .warning, fileID: "Sharing/Shared.swift", filePath: "", line: 12,
      column: 1)
    reporter.reportIssue(
      LoadFailed(), "while loading", fileID: "Sharing/Reference.swift", filePath: "", line: 7,
      column: 1)
    reporter.reportIssue(
      nil, severity: .error, fileID: "App/App.swift", filePath: "", line: 3, column: 1)
    #expect(
      reporter.heldLines == [
        "Sharing/Shared.swift:12: A warning",
        "Sharing/Reference.swift:7: Caught error: LoadFailed(): while loading",
        "App/App.swift:3: Issue reported",
      ])

    var written: [String] = []
    reporter.flush { written.append($0) }
    #expect(written.count == 3)
    #expect(written.first == "Sharing/Shared.swift:12: A warning")
    #expect(reporter.heldLines.isEmpty)
    reporter.flush { written.append($0) }
    #expect(written.count == 3)
  }

  struct ToldByTheApp: Error {}

  @Test
  func errorsTheAppTellsItselfAreSkippedAndEverythingElsePassedOn() {
    let held = HeldIssueReporter()
    let reporter = SkippingIssueReporter(passingTo: [held], skipping: { $0 is ToldByTheApp })
    reporter.reportIssue(
      ToldByTheApp(), nil, fileID: "Sharing/Reference.swift", filePath: "", line: 7, column: 1)
    reporter.reportIssue(
      LoadFailed(), nil, fileID: "Sharing/Reference.swift", filePath: "", line: 8, column: 1)
    reporter.reportIssue(
      "A warning", severity: .warning, fileID: "App/App.swift", filePath: "", line: 3, column: 1)
    #expect(
      held.heldLines == [
        "Sharing/Reference.swift:8: Caught error: LoadFailed()",
        "App/App.swift:3: A warning",
      ])
  }
}

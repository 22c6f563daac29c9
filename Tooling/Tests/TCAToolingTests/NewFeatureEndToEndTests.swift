import Foundation
import TCATooling
import Testing

/// `tca new-feature Demo` in a copy of the repository, then `swift build` and `swift test`
/// there. Slow (a clean build of the whole package): runs only with `TOOLING_SLOW_TESTS=1`.
@Suite(.serialized)
struct NewFeatureEndToEndTests {
  static let isEnabled = ProcessInfo.processInfo.environment["TOOLING_SLOW_TESTS"] == "1"

  @Test(
    .enabled(if: isEnabled, "Set TOOLING_SLOW_TESTS=1 to build and test a scaffolded feature."),
    .timeLimit(.minutes(60)))
  func aNewFeatureBuildsAndPassesItsTests() throws {
    let copy = try TemporaryDirectory("tca-new-feature")
    defer { copy.remove() }
    try copyWorkingTree(to: copy.url)
    let git = CommandRunner(directory: copy.url, adding: Self.gitIdentity)
    _ = try git.output(["git", "init", "--quiet", "--initial-branch=main"])
    _ = try git.output(["git", "add", "--all"])
    _ = try git.output(["git", "commit", "--quiet", "-m", "Copy of the working tree"])

    let tool = ToolInvocation(root: copy.url)
    let created = try tool.run(["new-feature", "Demo"])
    try #require(created.succeeded, "new-feature failed:\n\(created.errorOutput)")
    #expect(created.output.contains("Modules/Features/Demo/Interface/Demo.swift"))

    let again = try tool.run(["new-feature", "Demo"])
    #expect(!again.succeeded)
    #expect(again.errorOutput.contains("already exists"))

    let check = try tool.run(["check-architecture"])
    #expect(check.succeeded, "\(check.output)\(check.errorOutput)")

    let runner = CommandRunner(directory: copy.url, removing: [TestTargetsVariable.name])
    let build = try runner.capture(["swift", "build"])
    let built = build.succeeded
    try #require(built, "swift build failed:\n\(Self.summary(build))")
    let buildWarnings = Self.warnings(build)
    #expect(buildWarnings.isEmpty, "\(buildWarnings)")

    let test = try runner.capture(["swift", "test"])
    let passed = test.succeeded
    try #require(passed, "swift test failed:\n\(Self.summary(test))")
    for suite in ["DemoTests", "DemoClientLiveTests", "DemoViewTests"] {
      let ranSuite = test.output.contains("Suite \(suite) passed")
      #expect(ranSuite, "\(suite) did not run and pass")
    }
    let testWarnings = Self.warnings(test)
    #expect(testWarnings.isEmpty, "\(testWarnings)")

    // Once committed, touching the Live client selects it, its tests and nothing else.
    _ = try git.output(["git", "add", "--all"])
    _ = try git.output(["git", "commit", "--quiet", "-m", "Add the Demo feature"])
    try copy.write(
      try String(
        contentsOf: copy.url.appendingPathComponent(
          "Modules/Features/Demo/Live/DemoClient+Live.swift"),
        encoding: .utf8) + "\n",
      to: "Modules/Features/Demo/Live/DemoClient+Live.swift")
    let affected = try tool.run(["affected", "--json", "--base", "HEAD"])
    try #require(affected.succeeded, "\(affected.errorOutput)")
    let report = try JSONDecoder().decode(AffectedReport.self, from: Data(affected.output.utf8))
    #expect(report.libraries == ["DemoFeatureLive"])
    #expect(report.executables == [])
    #expect(report.tests == ["DemoFeatureTests"])
  }

  private static let gitIdentity = [
    "GIT_AUTHOR_NAME": "Tests", "GIT_AUTHOR_EMAIL": "tests@example.com",
    "GIT_COMMITTER_NAME": "Tests", "GIT_COMMITTER_EMAIL": "tests@example.com",
    "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
  ]

  /// Copies the repository's files (tracked, and untracked but not ignored: no `.build*`).
  private func copyWorkingTree(to destination: URL) throws {
    let root = Fixtures.repositoryRoot
    let files = try CommandRunner(directory: root)
      .output(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"])
      .split(separator: "\0").map(String.init)
    for file in files where !file.hasPrefix(".build") {
      let source = root.appendingPathComponent(file)
      guard FileManager.default.fileExists(atPath: source.path) else { continue }
      let target = destination.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: source, to: target)
    }
  }

  /// The errors and failed tests of a command, and the end of what it printed.
  private static func summary(_ result: CommandResult) -> String {
    let lines = (result.output + "\n" + result.errorOutput).split(separator: "\n")
    let problems = lines.filter { $0.contains("error:") || $0.hasPrefix("✘") }.prefix(40)
    return (problems + ["…"] + lines.suffix(15)).joined(separator: "\n")
  }

  /// The compiler's warnings in what a command printed.
  private static func warnings(_ result: CommandResult) -> [String] {
    (result.output + "\n" + result.errorOutput).split(separator: "\n")
      .filter { $0.contains(": warning:") }.map(String.init)
  }
}

/// Runs the `tca` executable built beside the test bundle, or `swift run tca` when there is
/// none.
private struct ToolInvocation {
  let root: URL

  func run(_ arguments: [String]) throws -> CommandResult {
    let runner = CommandRunner(directory: root)
    let executable = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("tca")
    if FileManager.default.isExecutableFile(atPath: executable.path) {
      return try runner.capture([executable.path] + arguments + ["--root", root.path])
    }
    return try runner.capture(
      ["swift", "run", "--package-path", Fixtures.toolingRoot.path, "tca"] + arguments
        + ["--root", root.path])
  }
}

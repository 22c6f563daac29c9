import ArgumentParser
import Foundation
import TCATooling

/// `tca affected`: which targets the changes of a branch affect, and optionally build and test
/// exactly those.
struct Affected: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List, build or test the targets affected by the changes since a base revision.",
    discussion: """
      Changed files are those of `git diff BASE...HEAD` plus uncommitted and untracked files. \
      Each file selects the target whose directory holds it, and every target that depends \
      on that one. Package.swift, .ci/, Tooling/ and files outside every target select \
      everything; documentation (*.md, docs/) selects nothing. --matrix prints the affected \
      test targets as a GitHub Actions job matrix.
      """
  )

  @OptionGroup var package: PackageOptions
  @OptionGroup var graphOptions: GraphOptions

  @Option(
    help: ArgumentHelp(
      "The revision to compare with.",
      discussion: """
        Defaults to the merge-base of HEAD and main (or origin/main) when that is not HEAD, \
        else HEAD~1.
        """,
      valueName: "ref"))
  var base: String?

  @Option(
    name: .customLong("changed-file"),
    help: ArgumentHelp(
      "Use these changed files instead of asking git (repeatable).", valueName: "path"))
  var changedFiles: [String] = []

  @Flag(help: "Select every target, whatever changed (for example on a push to main).")
  var all = false

  @Flag(help: "Print the report as JSON.")
  var json = false

  @Flag(
    help: ArgumentHelp(
      "Print the affected test targets and executables as a GitHub Actions job matrix.",
      discussion: """
        One line of JSON, {"include":[{"target":"ATests","command":"TEST_TARGETS=ATests swift \
        test --no-parallel"}, …]}: each affected test target with the command that runs it, \
        sorted, then each affected executable with the command that builds it; \
        {"include":[]} when nothing is affected.
        """))
  var matrix = false

  @Flag(help: "Build the affected library and executable targets (`swift build --target X`).")
  var build = false

  @Flag(help: "Build and run the affected test targets (`TEST_TARGETS=… swift test`).")
  var test = false

  @Flag(help: "With --build or --test, print the commands instead of running them.")
  var dryRun = false

  @Option(
    help: ArgumentHelp(
      "Scratch path passed to `swift build` and `swift test`.", valueName: "directory"))
  var scratchPath: String?

  func validate() throws {
    if matrix && (json || build || test || dryRun) {
      throw ValidationError(
        "--matrix prints only the matrix: it excludes --json, --build, --test and --dry-run.")
    }
    if all && (base != nil || !changedFiles.isEmpty) {
      throw ValidationError(
        "--all selects every target: it excludes --base and --changed-file.")
    }
  }

  func run() throws {
    let root = try package.packageRoot()
    let graph = try graphOptions.load(root: root)
    let base: GitBase
    let affected: AffectedTargets
    if all {
      base = GitBase(ref: "-", description: "--all")
      affected = AffectedTargets(everythingIn: graph, reason: "--all selects every target")
    } else {
      let (changesBase, files) = try changes(in: root)
      base = changesBase
      affected = AffectedTargets(changedFiles: files, graph: graph)
    }
    let plan = AffectedBuildPlan(
      affected: affected, graph: graph,
      extraArguments: scratchPath.map { ["--scratch-path", $0] } ?? [])
    if matrix {
      print(AffectedTestMatrix(plan: plan).json)
      return
    }
    let report = AffectedReport(base: base, affected: affected)
    write(json ? try report.json() : report.text, to: .standardOutput)

    guard build || test else { return }
    if build {
      try runBuilds(plan, root: root)
    }
    if test {
      try runTests(plan, root: root)
    }
  }

  private func changes(in root: URL) throws -> (GitBase, [String]) {
    if !changedFiles.isEmpty {
      return (
        GitBase(ref: base ?? "-", description: "files given with --changed-file"), changedFiles
      )
    }
    let git = GitChanges(directory: root)
    let base = try base.map { GitBase(ref: $0, description: "--base") } ?? git.defaultBase()
    return (base, try git.changedFiles(since: base))
  }

  private func runBuilds(_ plan: AffectedBuildPlan, root: URL) throws {
    guard !plan.buildCommands.isEmpty else {
      log("No library or executable target is affected; nothing to build.")
      return
    }
    let runner = CommandRunner(directory: root, removing: [TestTargetsVariable.name])
    for command in plan.buildCommands {
      log("$ \(command.joined(separator: " "))")
      guard !dryRun else { continue }
      let status = try runner.stream(command)
      guard status == 0 else { throw ExitCode(status) }
    }
  }

  private func runTests(_ plan: AffectedBuildPlan, root: URL) throws {
    guard !plan.testTargets.isEmpty else {
      log("No test target is affected; nothing to test.")
      return
    }
    let variables = plan.testEnvironment.map { "\($0.key)=\($0.value)" }.sorted()
    log("$ \((variables + plan.testCommand).joined(separator: " "))")
    guard !dryRun else { return }
    let runner = CommandRunner(directory: root, adding: plan.testEnvironment)
    let status = try runner.stream(plan.testCommand)
    guard status == 0 else { throw ExitCode(status) }
  }

  private func log(_ message: String) {
    // With --json, progress goes to standard error so standard output stays one JSON value.
    write(message, to: json ? .standardError : .standardOutput)
  }

  /// Writes `text` and a line break at once, unbuffered: the commands run next write to the same
  /// output themselves, and a log of both must show the report and each command before what the
  /// command printed.
  private func write(_ text: String, to handle: FileHandle) {
    handle.write(Data((text + "\n").utf8))
  }
}

import Foundation
import TCATooling
import Testing

/// Runs git in a scratch repository.
private struct ScratchRepository {
  let directory: TemporaryDirectory
  let git: CommandRunner

  init() throws {
    directory = try TemporaryDirectory("tca-git")
    git = CommandRunner(
      directory: directory.url,
      adding: [
        "GIT_AUTHOR_NAME": "Tests", "GIT_AUTHOR_EMAIL": "tests@example.com",
        "GIT_COMMITTER_NAME": "Tests", "GIT_COMMITTER_EMAIL": "tests@example.com",
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
      ])
    try run("init", "--quiet", "--initial-branch=main")
  }

  func run(_ arguments: String...) throws {
    _ = try git.output(["git"] + arguments)
  }

  func commit(_ files: [String: String], message: String) throws {
    for (path, contents) in files {
      try directory.write(contents, to: path)
    }
    try run("add", "--all")
    try run("commit", "--quiet", "-m", message)
  }
}

struct GitChangesTests {
  @Test
  func defaultBaseOnMainIsThePreviousCommit() throws {
    let repository = try ScratchRepository()
    defer { repository.directory.remove() }
    let changes = GitChanges(directory: repository.directory.url)
    #expect(try changes.defaultBase().ref == GitChanges.emptyTree)

    try repository.commit(
      ["README.md": "# Repo\n", "Sources/A/A.swift": "let a = 1\n"], message: "one")
    #expect(try changes.defaultBase().ref == GitChanges.emptyTree)
    #expect(
      try changes.changedFiles(since: changes.defaultBase()) == ["README.md", "Sources/A/A.swift"])

    try repository.commit(["Sources/B/B.swift": "let b = 1\n"], message: "two")
    #expect(try changes.defaultBase() == GitBase(ref: "HEAD~1", description: "HEAD~1"))
    #expect(try changes.changedFiles(since: changes.defaultBase()) == ["Sources/B/B.swift"])
  }

  @Test
  func defaultBaseOnABranchIsTheMergeBaseWithMain() throws {
    let repository = try ScratchRepository()
    defer { repository.directory.remove() }
    let changes = GitChanges(directory: repository.directory.url)
    try repository.commit(["Sources/A/A.swift": "let a = 1\n"], message: "one")
    let mergeBase = try #require(try changes.commit(of: "HEAD"))
    try repository.run("checkout", "--quiet", "-b", "feature")
    try repository.commit(["Sources/B/B.swift": "let b = 1\n"], message: "two")
    try repository.commit(["Sources/C/C.swift": "let c = 1\n"], message: "three")
    try repository.run("checkout", "--quiet", "main")
    try repository.commit(["Sources/D/D.swift": "let d = 1\n"], message: "main moves on")
    try repository.run("checkout", "--quiet", "feature")

    let base = try changes.defaultBase()
    #expect(base == GitBase(ref: mergeBase, description: "merge-base of HEAD and main"))
    // Changes on main since the branch point are not the branch's.
    #expect(try changes.changedFiles(since: base) == ["Sources/B/B.swift", "Sources/C/C.swift"])
    #expect(
      try changes.changedFiles(since: GitBase(ref: "main", description: "--base"))
        == ["Sources/B/B.swift", "Sources/C/C.swift"])
  }

  @Test
  func includesUncommittedUntrackedAndRenamedFiles() throws {
    let repository = try ScratchRepository()
    defer { repository.directory.remove() }
    let changes = GitChanges(directory: repository.directory.url)
    try repository.commit(
      [
        ".gitignore": ".build/\n", "Sources/A/A.swift": "let a = 1\n",
        "Sources/B/B.swift": "let b = 1\n",
      ],
      message: "one")
    try repository.commit(["Sources/A/A.swift": "let a = 2\n"], message: "two")
    try repository.directory.write("let b = 2\n", to: "Sources/B/B.swift")
    try repository.directory.write("let c = 1\n", to: "Sources/C/C.swift")
    try repository.directory.write("ignored", to: ".build/debug/output.o")
    try repository.run("mv", "Sources/A/A.swift", "Sources/B/Renamed.swift")
    #expect(
      try changes.changedFiles(since: changes.defaultBase())
        == [
          "Sources/A/A.swift", "Sources/B/B.swift", "Sources/B/Renamed.swift", "Sources/C/C.swift",
        ])
  }

  @Test
  func pathsAreRelativeToThePackageInsideTheRepository() throws {
    let repository = try ScratchRepository()
    defer { repository.directory.remove() }
    try repository.commit(
      ["package/Sources/A/A.swift": "let a = 1\n", "other/X.swift": "\n"], message: "one")
    try repository.commit(
      ["package/Sources/A/A.swift": "let a = 2\n", "other/X.swift": "//\n"], message: "two")
    let changes = GitChanges(directory: repository.directory.url.appendingPathComponent("package"))
    #expect(try changes.changedFiles(since: changes.defaultBase()) == ["Sources/A/A.swift"])
  }

  @Test
  func anUnknownBaseIsAClearError() throws {
    let repository = try ScratchRepository()
    defer { repository.directory.remove() }
    try repository.commit(["A.swift": "\n"], message: "one")
    let changes = GitChanges(directory: repository.directory.url)
    #expect(throws: GitChangesError.unknownRevision("origin/main")) {
      try changes.changedFiles(since: GitBase(ref: "origin/main", description: "--base"))
    }
  }
}

import Foundation

/// Lists the files changed in a git work tree since a base revision.
public struct GitChanges: Sendable {
  /// The hash of git's empty tree, the base when there is no earlier commit.
  public static let emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

  /// Branches whose merge-base with `HEAD` is the default base, in order of preference.
  public static let mainBranches = ["main", "origin/main"]

  private let git: CommandRunner

  /// Creates a reader for the work tree containing `directory`; paths are reported relative
  /// to `directory`, and files outside it are left out.
  public init(directory: URL) {
    git = CommandRunner(directory: directory)
  }

  /// The base `affected` compares with when none is given: the merge-base of `HEAD` with
  /// `main` (or `origin/main`) when that differs from `HEAD`, else `HEAD~1`, else the empty
  /// tree when `HEAD` is the first commit.
  public func defaultBase() throws -> GitBase {
    guard let head = try commit(of: "HEAD") else {
      return GitBase(ref: Self.emptyTree, description: "the empty tree (no commit yet)")
    }
    for branch in Self.mainBranches {
      guard try commit(of: branch) != nil else { continue }
      let result = try git.capture(["git", "merge-base", branch, "HEAD"])
      let mergeBase = result.output.trimmingWhitespace()
      guard result.succeeded, !mergeBase.isEmpty else { continue }
      if mergeBase != head {
        return GitBase(ref: mergeBase, description: "merge-base of HEAD and \(branch)")
      }
      break
    }
    if try commit(of: "HEAD~1") != nil {
      return GitBase(ref: "HEAD~1", description: "HEAD~1")
    }
    return GitBase(ref: Self.emptyTree, description: "the empty tree (HEAD is the first commit)")
  }

  /// The files changed between the merge-base of `base` and `HEAD` and `HEAD` (what
  /// `git diff base...HEAD` shows), plus uncommitted changes, staged or not, and untracked
  /// files that are not ignored. Renames count as a deletion and an addition.
  public func changedFiles(since base: GitBase) throws -> [String] {
    var files: Set<String> = []
    if try commit(of: "HEAD") != nil {
      let from: String
      if base.ref == Self.emptyTree {
        from = base.ref
      } else {
        guard let baseCommit = try commit(of: base.ref) else {
          throw GitChangesError.unknownRevision(base.ref)
        }
        from = try git.output(["git", "merge-base", baseCommit, "HEAD"])
      }
      files.formUnion(
        try names(["git", "diff", "--name-only", "--no-renames", "-z", "--relative", from, "HEAD"]))
      files.formUnion(
        try names(["git", "diff", "--name-only", "--no-renames", "-z", "--relative", "HEAD"]))
    } else {
      files.formUnion(try names(["git", "ls-files", "-z", "--cached"]))
    }
    files.formUnion(try names(["git", "ls-files", "-z", "--others", "--exclude-standard"]))
    return files.sorted()
  }

  /// The commit `revision` names, or `nil` when it names none.
  public func commit(of revision: String) throws -> String? {
    let result = try git.capture([
      "git", "rev-parse", "--verify", "--quiet", "\(revision)^{commit}",
    ])
    let hash = result.output.trimmingWhitespace()
    return result.succeeded && !hash.isEmpty ? hash : nil
  }

  private func names(_ arguments: [String]) throws -> [String] {
    let result = try git.capture(arguments)
    guard result.succeeded else {
      throw CommandError(
        command: arguments.joined(separator: " "), status: result.status,
        errorOutput: result.errorOutput)
    }
    return result.output.split(separator: "\0").map(String.init).filter { !$0.isEmpty }
  }
}

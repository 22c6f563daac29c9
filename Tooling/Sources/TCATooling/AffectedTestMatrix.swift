import Foundation

/// The affected test targets and executables as a GitHub Actions job matrix: one entry per
/// test target, with the shell command that builds and runs only that target, then one per
/// affected executable, with the command that builds it (an executable is where Live targets
/// are linked, so a change to one must still let the app build).
///
/// Its JSON, `{"include":[{"target":"ATests","command":"TEST_TARGETS=ATests swift test
/// --no-parallel"},{"target":"app","command":"swift build --target app"}]}` on one line, is what
/// `strategy.matrix` takes through `fromJSON`. When nothing is affected, `include` is empty:
/// `{"include":[]}`.
public struct AffectedTestMatrix: Hashable, Sendable {
  /// One job of the matrix.
  public struct Entry: Hashable, Sendable {
    /// The test target the job runs, or the executable it builds.
    public var target: String
    /// The shell command that builds and runs only ``target`` (builds it, for an executable).
    public var command: String

    /// Creates the entry that runs `target` with `command`.
    public init(target: String, command: String) {
      self.target = target
      self.command = command
    }

    /// The entry as a JSON object, `target` first.
    var json: String {
      #"{"target":\#(AffectedTestMatrix.jsonString(target)),"#
        + #""command":\#(AffectedTestMatrix.jsonString(command))}"#
    }
  }

  /// The jobs: one per affected test target, sorted by name, then one per affected
  /// executable, sorted by name.
  public var include: [Entry]

  /// The matrix of the test targets in `plan`, each run by
  /// `TEST_TARGETS=NAME swift test --no-parallel`, and of its executables, each built by
  /// `swift build --target NAME`, every command followed by the plan's extra arguments.
  public init(plan: AffectedBuildPlan) {
    let tests = plan.testTargets.sorted().map { target in
      let words =
        ["\(TestTargetsVariable.name)=\(TestTargetsVariable.value(for: [target]))"]
        + (["swift", "test", "--no-parallel"] + plan.extraArguments).map(Self.shellQuoted)
      return Entry(target: target, command: words.joined(separator: " "))
    }
    let executables = plan.executables.sorted().map { target in
      let words = ["swift", "build", "--target", target] + plan.extraArguments
      return Entry(target: target, command: words.map(Self.shellQuoted).joined(separator: " "))
    }
    include = tests + executables
  }

  /// Whether nothing is affected.
  public var isEmpty: Bool { include.isEmpty }

  /// The matrix as compact one-line JSON, as a `$GITHUB_OUTPUT` value needs, with each
  /// entry's keys in a fixed order (`target`, then `command`).
  public var json: String {
    #"{"include":["# + include.map(\.json).joined(separator: ",") + "]}"
  }

  /// `text` as a JSON string literal.
  static func jsonString(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// `word` as one shell word: unchanged when it holds only characters the shell leaves
  /// alone, else in single quotes.
  static func shellQuoted(_ word: String) -> String {
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
    if !word.isEmpty && word.allSatisfy(plain.contains) {
      return word
    }
    return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}

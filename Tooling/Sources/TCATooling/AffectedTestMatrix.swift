import Foundation

/// The affected test targets as a GitHub Actions job matrix: one entry per test target, each
/// with the shell command that builds and runs only that target.
///
/// Its JSON, `{"include":[{"target":"ATests","command":"TEST_TARGETS=ATests swift test
/// --no-parallel"}]}` on one line, is what `strategy.matrix` takes through `fromJSON`. When no
/// test target is affected, `include` is empty: `{"include":[]}`.
public struct AffectedTestMatrix: Hashable, Sendable {
  /// One job of the matrix.
  public struct Entry: Hashable, Sendable {
    /// The test target the job runs.
    public var target: String
    /// The shell command that builds and runs only ``target``.
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

  /// The jobs, one per affected test target, sorted by target name.
  public var include: [Entry]

  /// The matrix of the test targets in `plan`, each run by
  /// `TEST_TARGETS=NAME swift test --no-parallel` followed by the plan's extra arguments.
  public init(plan: AffectedBuildPlan) {
    include = plan.testTargets.sorted().map { target in
      let words =
        ["\(TestTargetsVariable.name)=\(TestTargetsVariable.value(for: [target]))"]
        + (["swift", "test", "--no-parallel"] + plan.extraArguments).map(Self.shellQuoted)
      return Entry(target: target, command: words.joined(separator: " "))
    }
  }

  /// Whether no test target is affected.
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

/// What a finished command printed and how it exited.
public struct CommandResult: Sendable {
  /// The command's exit status.
  public var status: Int32
  /// Everything the command wrote to standard output.
  public var output: String
  /// Everything the command wrote to standard error.
  public var errorOutput: String

  /// Creates a result.
  public init(status: Int32, output: String, errorOutput: String) {
    self.status = status
    self.output = output
    self.errorOutput = errorOutput
  }

  /// Whether the command exited with status 0.
  public var succeeded: Bool { status == 0 }
}

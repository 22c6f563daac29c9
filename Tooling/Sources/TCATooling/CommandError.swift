/// A command the tools ran failed.
public struct CommandError: Error, CustomStringConvertible, Sendable {
  /// The command line, as one string.
  public var command: String
  /// The command's exit status.
  public var status: Int32
  /// What the command wrote to standard error.
  public var errorOutput: String

  /// Creates the error for a failed command.
  public init(command: String, status: Int32, errorOutput: String) {
    self.command = command
    self.status = status
    self.errorOutput = errorOutput
  }

  /// The command, its status and what it printed to standard error.
  public var description: String {
    let details = errorOutput.trimmingWhitespace()
    return "`\(command)` failed with exit status \(status)"
      + (details.isEmpty ? "." : ":\n\(details)")
  }
}

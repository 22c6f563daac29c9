import Foundation

/// Runs other programs (`git`, `swift`) found on `PATH`.
public struct CommandRunner: Sendable {
  /// The directory commands run in.
  public var directory: URL
  /// Environment variables removed from the environment the commands inherit.
  public var removedVariables: Set<String>
  /// Environment variables set for the commands, over the inherited ones.
  public var addedVariables: [String: String]

  /// Creates a runner for commands run in `directory`.
  public init(
    directory: URL,
    removing removedVariables: Set<String> = [],
    adding addedVariables: [String: String] = [:]
  ) {
    self.directory = directory
    self.removedVariables = removedVariables
    self.addedVariables = addedVariables
  }

  /// Runs `arguments` (the program first) and collects what it prints.
  public func capture(_ arguments: [String]) throws -> CommandResult {
    let files = try CapturedOutputFiles()
    defer { files.remove() }
    let process = makeProcess(arguments)
    process.standardOutput = try FileHandle(forWritingTo: files.output)
    process.standardError = try FileHandle(forWritingTo: files.errorOutput)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return CommandResult(
      status: process.terminationStatus,
      output: try String(contentsOf: files.output, encoding: .utf8),
      errorOutput: try String(contentsOf: files.errorOutput, encoding: .utf8)
    )
  }

  /// Runs `arguments` and returns what it printed to standard output, trimmed.
  ///
  /// - Throws: ``CommandError`` when the command exits with a non-zero status.
  public func output(_ arguments: [String]) throws -> String {
    let result = try capture(arguments)
    guard result.succeeded else {
      throw CommandError(
        command: arguments.joined(separator: " "), status: result.status,
        errorOutput: result.errorOutput)
    }
    return result.output.trimmingWhitespace()
  }

  /// Runs `arguments` with this process's standard output and error, and returns its exit
  /// status.
  public func stream(_ arguments: [String]) throws -> Int32 {
    let process = makeProcess(arguments)
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  private func makeProcess(_ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    for name in removedVariables {
      environment[name] = nil
    }
    environment.merge(addedVariables) { _, added in added }
    process.environment = environment
    return process
  }
}

/// Two temporary files that receive a command's standard output and error.
private struct CapturedOutputFiles {
  let output: URL
  let errorOutput: URL

  init() throws {
    let directory = FileManager.default.temporaryDirectory
    let name = "tca-\(UUID().uuidString)"
    output = directory.appendingPathComponent("\(name).out")
    errorOutput = directory.appendingPathComponent("\(name).err")
    guard FileManager.default.createFile(atPath: output.path, contents: nil),
      FileManager.default.createFile(atPath: errorOutput.path, contents: nil)
    else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory.path])
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: output)
    try? FileManager.default.removeItem(at: errorOutput)
  }
}

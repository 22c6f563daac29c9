import APIServer
import Foundation
import SharedModels
import Testing

extension ServerSuite {
  @Suite("A killed server process")
  struct KillTests {
    /// The `Server` executable built next to the test bundle.
    static let serverBinary = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("Server").path

    /// Reads `handle` until `marker` appears or the stream ends; returns what it read.
    static func read(_ handle: FileHandle, until marker: String) -> String {
      var text = ""
      while !text.contains(marker) {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
      }
      return text
    }

    @Test(
      .enabled(
        if: FileManager.default.isExecutableFile(atPath: serverBinary),
        "needs the Server executable, which `swift build --build-tests` builds"))
    func killedWhileSeedingLeavesAnEmptyOrCompleteDatabase() async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      let dataset = DatasetConfiguration(seed: 3, userCount: 500, postCount: 30_000)

      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.serverBinary)
      process.arguments = [
        "--port", "0", "--db", path, "--seed", "3", "--users", "500", "--posts", "30000",
      ]
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // The server logs this line inside the seeding transaction, with 30,000 posts still to
      // insert; kill it there, as a crash or a power cut would.
      let log = Self.read(errors.fileHandleForReading, until: "Writing dataset")
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(log.contains("Writing dataset"))
      #expect(process.terminationReason == .uncaughtSignal)

      // Whatever the moment of the kill, the database holds all of the dataset or none of it,
      // and a restart serves a complete one.
      let database = try APIDatabase(path: path)
      let counts = try await database.counts()
      #expect(
        (counts.users == 0 && counts.posts == 0)
          || (counts.users == 500 && counts.posts == 30_000),
        "\(counts)")
      try database.seedIfEmpty(dataset)
      let reseeded = try await database.counts()
      #expect(reseeded.users == 500)
      #expect(reseeded.posts == 30_000)
    }
  }
}

import APIServer
import Foundation
import Testing

extension ServerSuite {
  @Suite("A busy port")
  struct BusyPortTests {
    @Test func startFailsBeforeOpeningTheDatabase() async throws {
      try await withLiveServer { server in
        let path = temporaryDatabasePath()
        defer { removeDatabase(at: path) }
        do {
          let clash = try await APIServer.start(
            APIServerConfiguration(
              port: server.port, databasePath: path, dataset: .small, logger: quietLogger))
          try await clash.shutdown()
          Issue.record("A second server started on port \(server.port)")
        } catch {
          #expect(String(describing: error) == "Port \(server.port) is already in use.")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
      }
    }

    @Test(
      .enabled(
        if: FileManager.default.isExecutableFile(atPath: KillTests.serverBinary),
        "the Server executable is built (not with TEST_TARGETS alone)"))
    func theServerCommandSaysSoInOneLineAndFails() async throws {
      try await withLiveServer { server in
        let path = temporaryDatabasePath()
        defer { removeDatabase(at: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KillTests.serverBinary)
        process.arguments = ["--port", "\(server.port)", "--db", path, "--log-level", "warning"]
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = await onThread {
          let data = standardError.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          return String(decoding: data, as: UTF8.self)
        }
        #expect(process.terminationStatus != 0)
        #expect(output == "Error: Port \(server.port) is already in use.\n")
        #expect(!FileManager.default.fileExists(atPath: path))
      }
    }
  }
}

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
        let (status, output) = try await runServerCommand([
          "--port", "\(server.port)", "--db", path, "--log-level", "warning",
        ])
        #expect(status != 0)
        #expect(output == "Error: Port \(server.port) is already in use.\n")
        #expect(!FileManager.default.fileExists(atPath: path))
      }
    }
  }
}

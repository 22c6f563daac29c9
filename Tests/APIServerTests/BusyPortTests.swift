import APIServer
import Foundation
import Testing

extension ServerSuite {
  @Suite("A busy port or an address not this machine's")
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

    // A negative number is a value out of range, not a missing one.
    @Test(
      .enabled(
        if: FileManager.default.isExecutableFile(atPath: KillTests.serverBinary),
        "the Server executable is built (not with TEST_TARGETS alone)"),
      arguments: [
        (["--port", "-1"], "--port must be from 0 to 65535."),
        (
          ["--users", "-5"], "--users must be from 1 to 1,000,000 and --posts from 0 to 10,000,000."
        ),
        (
          ["--idle-timeout", "-3"],
          "--idle-timeout and --body-timeout must be from 1 to 3600 seconds."
        ),
      ])
    func aNegativeNumberIsSaidToBeOutOfRange(arguments: [String], message: String) async throws {
      let (status, output) = try await runServerCommand(arguments)
      #expect(status == 64)
      #expect(output.contains(message), "\(output)")
    }

    @Test(arguments: [
      ("999.1.1.1", "it is not a known host name or address"),
      ("10.255.255.1", "it is not an address of this machine"),
    ])
    func aHostThatCannotBeListenedOnFailsBeforeOpeningTheDatabase(
      host: String, reason: String
    ) async throws {
      let path = temporaryDatabasePath()
      defer { removeDatabase(at: path) }
      await #expect(throws: APIServerError.unusableAddress(host: host, reason: reason)) {
        _ = try await APIServer.start(
          APIServerConfiguration(host: host, databasePath: path, dataset: .small))
      }
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(
        APIServerError.unusableAddress(host: host, reason: reason).description
          == "Can't listen on \(host): \(reason).")
    }
  }
}

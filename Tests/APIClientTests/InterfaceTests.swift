import APIClient
import Dependencies
import Foundation
import SharedModels
import Testing

extension ClientSuite {
  @Suite("Client interface")
  struct InterfaceTests {
    @Test func testValueFailsUnimplementedCalls() async {
      await withKnownIssue {
        _ = try await APIClient.testValue.me()
      }
    }

    @Test func overriddenEndpointsAnswer() async throws {
      let profile = UserProfile(id: 1, handle: "ada", displayName: "Ada", bio: "", email: "a@b.co")
      var client = APIClient.testValue
      client.me = { profile }
      #expect(try await client.me() == profile)
    }

    @Test func everyErrorHasAMessage() {
      let errors: [APIError] = [
        .notFound, .badRequest("Bad."), .validation("Invalid."), .server(status: 503),
        .decoding("x"), .transport("refused"), .timedOut, .cancelled,
      ]
      for error in errors {
        #expect(!error.message.isEmpty)
        #expect(error.localizedDescription == error.message)
      }
      #expect(APIError.badRequest("Bad.").message == "Bad.")
    }
  }
}

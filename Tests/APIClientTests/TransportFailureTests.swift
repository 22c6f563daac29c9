import APIClient
import Dependencies
import Foundation
import SharedModels
import Testing

@testable import APIClientLive

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ClientSuite {
  @Suite("Transport failures")
  struct TransportFailureTests {
    let transport = HTTPTransport(session: .shared)

    @Test func serverFailureIsAServerError() async throws {
      try await withFixture { fixture in
        let error = await fixture.call {
          await apiError { let _: String = try await transport.send(Endpoint(path: "/test/fail")) }
        }
        #expect(error == .server(status: 500))
        #expect(error?.message == "The server ran into a problem (500). Please try again.")
      }
    }

    @Test func aFailureTheServerExplainsShowsItsExplanation() async throws {
      try await withFixture { fixture in
        let error = await fixture.call {
          await apiError { let _: String = try await transport.send(Endpoint(path: "/test/lost")) }
        }
        let explanation =
          "The database file api.sqlite was removed. Restart the server; nothing is saved until then."
        #expect(error == .server(status: 503, message: explanation))
        #expect(error?.message == "\(explanation) (HTTP 503)")
      }
    }

    @Test func malformedJSONIsADecodingError() async throws {
      try await withFixture { fixture in
        let error = await fixture.call {
          await apiError { let _: User = try await transport.send(Endpoint(path: "/test/garbage")) }
        }
        guard case .decoding = error else {
          Issue.record("Expected a decoding error, got \(String(describing: error))")
          return
        }
      }
    }

    @Test func refusalWithoutAJSONBodyStillHasAMessage() async throws {
      try await withFixture { fixture in
        let error = await fixture.call {
          await apiError { let _: User = try await transport.send(Endpoint(path: "/test/teapot")) }
        }
        guard case .badRequest(let message) = error else {
          Issue.record("Expected a bad request, got \(String(describing: error))")
          return
        }
        #expect(message.contains("418"))
      }
    }

    @Test func wrongShapeIsADecodingError() async throws {
      try await withFixture { fixture in
        let error = await fixture.call {
          await apiError { let _: [Post] = try await transport.send(Endpoint(path: "/health")) }
        }
        guard case .decoding = error else {
          Issue.record("Expected a decoding error, got \(String(describing: error))")
          return
        }
      }
    }

    @Test func connectionRefusedIsATransportError() async throws {
      let url = try await stoppedServerURL()
      let error = await withDependencies {
        $0.apiConfiguration = APIConfiguration(baseURL: url, timeout: .seconds(30))
      } operation: {
        await apiError { _ = try await APIClient.liveValue.me() }
      }
      guard case .transport = error else {
        Issue.record("Expected a transport error, got \(String(describing: error))")
        return
      }
      #expect(
        error?.message
          == "Can't reach the server at \(url.absoluteString). Check that it is running and try again."
      )
    }

    @Test func theAddressShownLeavesOutAUserAndPassword() throws {
      let url = try #require(URL(string: "http://ann:secret@127.0.0.1:9/api"))
      #expect(HTTPTransport.address(of: url) == "http://127.0.0.1:9/api")
      let error = HTTPTransport.apiError(
        for: APIError.transport("The answer was not HTTP."), server: "http://127.0.0.1:9")
      #expect(
        error.message
          == "Can't reach the server at http://127.0.0.1:9. Check that it is running and try again."
      )
    }

    @Test func slowServerTimesOut() async throws {
      try await withFixture { fixture in
        let clock = ContinuousClock()
        let start = clock.now
        let error = await fixture.call(timeout: .milliseconds(500)) {
          await apiError { let _: String = try await transport.send(Endpoint(path: "/test/slow")) }
        }
        #expect(error == .timedOut)
        // The route answers after 6 s; the client gave up long before.
        #expect(clock.now - start < .seconds(5))
      }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
      try await withFixture { fixture in
        let clock = ContinuousClock()
        let start = clock.now
        let request = Task {
          await fixture.call {
            await apiError {
              let _: String = try await transport.send(Endpoint(path: "/test/slow"))
            }
          }
        }
        // Cancel once the server is handling the request, so the request is in flight.
        var started = fixture.slowStarted.makeAsyncIterator()
        await started.next()
        request.cancel()
        #expect(await request.value == .cancelled)
        #expect(clock.now - start < .seconds(5))
      }
    }

    @Test func cancelledBeforeSendingNeverSends() async throws {
      try await withFixture { fixture in
        let request = Task {
          withUnsafeCurrentTask { $0?.cancel() }
          return await fixture.call { await apiError { _ = try await fixture.client.me() } }
        }
        #expect(await request.value == .cancelled)
      }
    }
  }
}

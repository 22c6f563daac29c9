import APIServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SharedModels
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ServerSuite {
  @Suite("Conditional requests on /me (ETag, If-Match, If-None-Match)")
  struct ConditionalRequestTests {
    /// `PUT /me` of a profile named `name`, with `headers` besides the content type.
    static func put(
      _ client: some TestClientProtocol, name: String, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
      var fields = headers
      fields[.contentType] = "application/json"
      return try await client.execute(
        uri: "/me", method: .put, headers: fields,
        body: ByteBuffer(
          string: #"{"displayName": "\#(name)", "bio": "", "email": "me@example.com"}"#))
    }

    @Test func theTagNamesTheVersionAndChangesWithIt() async throws {
      try await withRouter { client, _ in
        let first = try await client.execute(uri: "/me", method: .get)
        let tag = try #require(first.headers[.eTag])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 18)
        #expect(try await client.execute(uri: "/me", method: .head).headers[.eTag] == tag)
        #expect(try await client.execute(uri: "/me", method: .get).headers[.eTag] == tag)

        let saved = try await Self.put(client, name: "Ada")
        let savedTag = try #require(saved.headers[.eTag])
        // The answer is /me as saved, which the tag names.
        #expect(saved.headers[.contentLocation] == "/me")
        #expect(savedTag != tag)
        #expect(try await client.execute(uri: "/me", method: .get).headers[.eTag] == savedTag)
        // The same content again is the same version.
        #expect(try await Self.put(client, name: "Ada").headers[.eTag] == savedTag)
      }
    }

    @Test func aGetOfTheVersionTheClientHasIsNotModified() async throws {
      try await withRouter { client, _ in
        let tag = try #require(try await client.execute(uri: "/me", method: .get).headers[.eTag])
        for condition in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
          let response = try await client.execute(
            uri: "/me", method: .get, headers: [.ifNoneMatch: condition])
          #expect(response.status == .notModified, "If-None-Match: \(condition)")
          #expect(response.headers[.eTag] == tag)
          #expect(response.body.readableBytes == 0)
        }
        let other = try await client.execute(
          uri: "/me", method: .get, headers: [.ifNoneMatch: "\"0000000000000000\""])
        #expect(other.status == .ok)
        #expect(try other.decoded(as: UserProfile.self).id == 1)
        let stale = try await client.execute(
          uri: "/me", method: .get, headers: [.ifMatch: "\"0000000000000000\""])
        #expect(stale.status == .preconditionFailed)
      }
    }

    @Test func aPutOfTheVersionReadIsSaved() async throws {
      try await withRouter { client, _ in
        let tag = try #require(try await client.execute(uri: "/me", method: .get).headers[.eTag])
        let saved = try await Self.put(client, name: "Ada", headers: [.ifMatch: tag])
        #expect(saved.status == .ok)
        #expect(try saved.decoded(as: UserProfile.self).displayName == "Ada")
        let any = try await Self.put(client, name: "Grace", headers: [.ifMatch: "*"])
        #expect(any.status == .ok)
        let listed = try await Self.put(
          client, name: "Ada",
          headers: [.ifMatch: "\"elsewhere\", \(try #require(any.headers[.eTag]))"])
        #expect(listed.status == .ok)
      }
    }

    @Test func aPutOfAVersionChangedSinceIsRefusedAndSavesNothing() async throws {
      try await withRouter { client, _ in
        let tag = try #require(try await client.execute(uri: "/me", method: .get).headers[.eTag])
        let other = try await Self.put(client, name: "Grace", headers: [.ifMatch: tag])
        let current = try #require(other.headers[.eTag])

        let stale = try await Self.put(client, name: "Ada", headers: [.ifMatch: tag])
        #expect(stale.status == .preconditionFailed)
        #expect(stale.headers[.eTag] == current)
        let body = try stale.decoded(as: APIErrorBody.self)
        #expect(body.code == "precondition_failed")
        #expect(body.message.contains("nothing was changed"))
        #expect(body.field == nil)
        // A weak tag never matches by the strong comparison If-Match uses.
        let weak = try await Self.put(client, name: "Ada", headers: [.ifMatch: "W/\(current)"])
        #expect(weak.status == .preconditionFailed)
        // If-None-Match: * asks to create, and the profile exists.
        let create = try await Self.put(client, name: "Ada", headers: [.ifNoneMatch: "*"])
        #expect(create.status == .preconditionFailed)
        // The precondition is answered before the body is read, so before its validation,
        // but after the head's own checks (RFC 9110 section 13.2.1).
        let invalid = try await Self.put(client, name: "", headers: [.ifMatch: tag])
        #expect(invalid.status == .preconditionFailed)
        let notJSON = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: "text/plain", .ifMatch: tag],
          body: ByteBuffer(string: "Ada"))
        #expect(notJSON.status == .unsupportedMediaType)

        let profile: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        #expect(profile.displayName == "Grace")
      }
    }

    /// Many clients that read the same version and save at once: the check is made in the
    /// transaction that writes, so exactly one save lands and the others are told.
    @Test func ofSavesAtOnceFromOneVersionExactlyOneLands() async throws {
      try await withLiveServer { server in
        let me = try #require(URL(string: server.baseURL.absoluteString + "/me"))
        let (_, read) = try await URLSession.shared.data(from: me)
        let tag = try #require((read as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag"))
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
          for index in 0..<12 {
            group.addTask {
              var request = URLRequest(url: me)
              request.httpMethod = "PUT"
              request.setValue("application/json", forHTTPHeaderField: "Content-Type")
              request.setValue(tag, forHTTPHeaderField: "If-Match")
              request.httpBody = Data(
                #"{"displayName": "Writer \#(index)", "bio": "", "email": "w@example.com"}"#.utf8)
              let (_, response) = try await URLSession.shared.data(for: request)
              return (response as? HTTPURLResponse)?.statusCode ?? 0
            }
          }
          return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
        #expect(statuses.filter { $0 == 412 }.count == 11, "\(statuses)")
      }
    }
  }
}

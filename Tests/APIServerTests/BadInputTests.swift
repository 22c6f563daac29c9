import APIServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Bad input, through the router")
  struct BadInputTests {
    /// A request that must be refused, the status expected and the field blamed.
    struct Case: Sendable, CustomTestStringConvertible {
      var uri: String
      var status: Int
      var field: String?

      var testDescription: String { "\(uri) → \(status)" }
    }

    static let getCases: [Case] = [
      Case(uri: "/users/abc", status: 400, field: "id"),
      Case(uri: "/users/-1", status: 400, field: "id"),
      Case(uri: "/users/0", status: 400, field: "id"),
      Case(uri: "/users/1.5", status: 400, field: "id"),
      Case(uri: "/users/%20", status: 400, field: "id"),
      Case(uri: "/users/99999999999999999999999", status: 400, field: "id"),
      Case(uri: "/users/+1", status: 400, field: "id"),
      Case(uri: "/users/%2B1", status: 400, field: "id"),
      Case(uri: "/users/01", status: 400, field: "id"),
      Case(uri: "/users/%30%31", status: 400, field: "id"),
      Case(uri: "/users/%30", status: 400, field: "id"),
      Case(uri: "/users/1%20", status: 400, field: "id"),
      Case(uri: "/users/%D9%A1", status: 400, field: "id"),
      Case(uri: "/users/%zz", status: 400, field: "id"),
      Case(uri: "/users/007/posts", status: 400, field: "id"),
      Case(uri: "/users/+2/posts", status: 400, field: "id"),
      Case(uri: "/users/100000", status: 404, field: nil),
      Case(uri: "/users/abc/posts", status: 400, field: "id"),
      Case(uri: "/users/100000/posts", status: 404, field: nil),
      Case(uri: "/users/1/posts?page=0", status: 400, field: "page"),
      Case(uri: "/users?page=0", status: 400, field: "page"),
      Case(uri: "/users?page=-1", status: 400, field: "page"),
      Case(uri: "/users?page=abc", status: 400, field: "page"),
      Case(uri: "/users?page=", status: 400, field: "page"),
      Case(uri: "/users?page=1000001", status: 400, field: "page"),
      Case(uri: "/users?page=99999999999999999999", status: 400, field: "page"),
      Case(uri: "/users?limit=0", status: 400, field: "limit"),
      Case(uri: "/users?limit=101", status: 400, field: "limit"),
      Case(uri: "/users?limit=-5", status: 400, field: "limit"),
      Case(uri: "/users?limit=ten", status: 400, field: "limit"),
      Case(uri: "/posts?page=0", status: 400, field: "page"),
      Case(uri: "/posts?limit=1000", status: 400, field: "limit"),
      Case(uri: "/search", status: 400, field: "q"),
      Case(uri: "/search?q=", status: 400, field: "q"),
      Case(uri: "/search?q=%20%20", status: 400, field: "q"),
      Case(uri: "/search?q=a&limit=0", status: 400, field: "limit"),
      Case(uri: "/search?q=a&limit=51", status: 400, field: "limit"),
      Case(uri: "/search?q=" + String(repeating: "a", count: 201), status: 400, field: "q"),
      Case(uri: "/nowhere", status: 404, field: nil),
      Case(uri: "/users/1/posts/2", status: 404, field: nil),
      Case(uri: "/", status: 404, field: nil),
    ]

    @Test(arguments: getCases)
    func refusedWithAJSONError(_ testCase: Case) async throws {
      try await withRouter { client, _ in
        let response = try await client.execute(uri: testCase.uri, method: .get)
        #expect(response.status.code == testCase.status)
        let error: APIErrorBody = try response.decoded()
        #expect(!error.message.isEmpty)
        #expect(error.field == testCase.field)
        #expect(
          error.code
            == (testCase.status == 404 ? APIErrorBody.Code.notFound : APIErrorBody.Code.badRequest))
      }
    }

    /// A `PUT /me` that must be refused.
    struct BodyCase: Sendable, CustomTestStringConvertible {
      var name: String
      var contentType: String?
      var body: String
      var status: Int
      var field: String?

      var testDescription: String { name }
    }

    static let longName = String(repeating: "n", count: 51)
    static let longBio = String(repeating: "b", count: 161)

    static func profileJSON(displayName: String = "Ada", bio: String = "", email: String = "a@b.co")
      -> String
    {
      let data = try? JSONEncoder.api.encode(
        ProfileUpdate(displayName: displayName, bio: bio, email: email))
      return data.flatMap { String(data: $0, encoding: .utf8) } ?? ""
    }

    static let bodyCases: [BodyCase] = [
      BodyCase(
        name: "malformed JSON", contentType: "application/json", body: "{", status: 400, field: nil),
      BodyCase(
        name: "not an object", contentType: "application/json", body: "[1, 2]", status: 400,
        field: nil),
      BodyCase(
        name: "empty body", contentType: "application/json", body: "", status: 400, field: nil),
      BodyCase(
        name: "missing field", contentType: "application/json",
        body: #"{"displayName": "Ada", "bio": ""}"#, status: 400, field: "email"),
      BodyCase(
        name: "wrong type", contentType: "application/json",
        body: #"{"displayName": 5, "bio": "", "email": "a@b.co"}"#, status: 400,
        field: "displayName"),
      BodyCase(
        name: "text content type", contentType: "text/plain", body: profileJSON(), status: 415,
        field: nil),
      BodyCase(
        name: "no content type", contentType: nil, body: profileJSON(), status: 415, field: nil),
      BodyCase(
        name: "a media type that only begins like JSON's", contentType: "application/jsonfoo",
        body: profileJSON(), status: 415, field: nil),
      BodyCase(
        name: "JSON in another charset", contentType: "application/json; charset=utf-16",
        body: profileJSON(), status: 415, field: nil),
      BodyCase(
        name: "oversize body", contentType: "application/json",
        body: profileJSON(bio: String(repeating: "x", count: 20_000)), status: 413, field: nil),
      BodyCase(
        name: "empty display name", contentType: "application/json",
        body: profileJSON(displayName: ""), status: 422, field: "displayName"),
      BodyCase(
        name: "blank display name", contentType: "application/json",
        body: profileJSON(displayName: " \n\t "), status: 422, field: "displayName"),
      BodyCase(
        name: "51-character display name", contentType: "application/json",
        body: profileJSON(displayName: longName), status: 422, field: "displayName"),
      BodyCase(
        name: "two-line display name", contentType: "application/json",
        body: profileJSON(displayName: "Ada\nLovelace"), status: 422, field: "displayName"),
      BodyCase(
        name: "161-character bio", contentType: "application/json",
        body: profileJSON(bio: longBio), status: 422, field: "bio"),
      BodyCase(
        name: "email without @", contentType: "application/json",
        body: profileJSON(email: "nope"), status: 422, field: "email"),
      BodyCase(
        name: "email without a dotted domain", contentType: "application/json",
        body: profileJSON(email: "a@b"), status: 422, field: "email"),
      BodyCase(
        name: "email with a space", contentType: "application/json",
        body: profileJSON(email: "a b@c.de"), status: 422, field: "email"),
      BodyCase(
        name: "email with two @", contentType: "application/json",
        body: profileJSON(email: "a@b@c.de"), status: 422, field: "email"),
      BodyCase(
        name: "NUL in the display name", contentType: "application/json",
        body: profileJSON(displayName: "A\u{0}da"), status: 422, field: "displayName"),
      BodyCase(
        name: "escape character in the bio", contentType: "application/json",
        body: profileJSON(bio: "red \u{1B}[31m text"), status: 422, field: "bio"),
      BodyCase(
        name: "NUL in the email", contentType: "application/json",
        body: profileJSON(email: "a\u{0}@b.co"), status: 422, field: "email"),
      BodyCase(
        name: "null body", contentType: "application/json", body: "null", status: 400, field: nil),
    ]

    /// JSON that Foundation's decoder takes but RFC 8259 does not (`StrictJSON`), and some that
    /// neither takes.
    static let lenientJSONCases: [BodyCase] = [
      ("a trailing comma", #"{"displayName":"x","bio":"","email":"a@b.co",}"#),
      ("a trailing comma in an array", #"{"displayName":"x","bio":"","email":"a@b.co","z":[1,]}"#),
      ("a number with leading zeros", #"{"displayName":"x","bio":"","email":"a@b.co","z":0012}"#),
      ("a number ending in its point", #"{"displayName":"x","bio":"","email":"a@b.co","z":1.}"#),
      ("a plus sign", #"{"displayName":"x","bio":"","email":"a@b.co","z":+1}"#),
      ("single quotes", #"{'displayName':'x','bio':'','email':'a@b.co'}"#),
      ("a comment", #"{"displayName":"x","bio":"","email":"a@b.co"} // done"#),
      ("NaN", #"{"displayName":"x","bio":"","email":"a@b.co","z":NaN}"#),
      ("an unknown escape", #"{"displayName":"x\q","bio":"","email":"a@b.co"}"#),
      ("a raw tab in a string", "{\"displayName\":\"a\tb\",\"bio\":\"\",\"email\":\"a@b.co\"}"),
    ].map { name, body in
      BodyCase(name: name, contentType: "application/json", body: body, status: 400, field: nil)
    }

    @Test(arguments: bodyCases + lenientJSONCases)
    func refusedProfileUpdatesChangeNothing(_ testCase: BodyCase) async throws {
      try await withRouter { client, _ in
        let before: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        var headers = HTTPFields()
        if let contentType = testCase.contentType { headers[.contentType] = contentType }
        let response = try await client.execute(
          uri: "/me", method: .put, headers: headers, body: ByteBuffer(string: testCase.body))
        #expect(response.status.code == testCase.status)
        let error: APIErrorBody = try response.decoded()
        #expect(!error.message.isEmpty)
        if testCase.status == 415 {
          // A client that sent `application/json` in another charset learns what is wrong.
          #expect(error.message.contains("UTF-8"), "\(testCase.name): \(error.message)")
        }
        #expect(error.field == testCase.field)
        let after: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        #expect(after == before)
      }
    }

    @Test func aBodyThatIsNotAnObjectIsNamedSo() async throws {
      try await withRouter { client, _ in
        let response = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: "application/json"],
          body: ByteBuffer(string: #""hello""#))
        #expect(response.status == .badRequest)
        let error: APIErrorBody = try response.decoded()
        #expect(error.message == "The body must be a JSON object.")

        let empty = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: "application/json"],
          body: ByteBuffer())
        #expect(empty.status == .badRequest)
        let emptyError: APIErrorBody = try empty.decoded()
        #expect(emptyError.message == "The body is empty: it must be a JSON object.")

        let mistyped = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: "application/json"],
          body: ByteBuffer(string: #"{"displayName": 5, "bio": "", "email": "a@b.co"}"#))
        let mistypedError: APIErrorBody = try mistyped.decoded()
        #expect(mistypedError.message == "The field `displayName` has the wrong type.")
      }
    }

    @Test(arguments: [
      "application/json", "Application/JSON", "application/json; charset=utf-8",
      "application/json;charset=\"UTF-8\"", "application/json ; charset=utf8",
    ])
    func jsonIsRecognisedAsAMediaType(_ contentType: String) async throws {
      try await withRouter { client, _ in
        let response = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: contentType],
          body: ByteBuffer(string: Self.profileJSON(displayName: "Ada")))
        #expect(response.status == .ok)
      }
    }

    @Test func aMultiLineBioWithTabsIsAccepted() async throws {
      try await withRouter { client, _ in
        let body = Self.profileJSON(bio: "Line one\n\tLine two\r\nLine three")
        let response = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: "application/json"],
          body: ByteBuffer(string: body))
        #expect(response.status == .ok)
        let profile: UserProfile = try response.decoded()
        #expect(profile.bio == "Line one\n\tLine two\r\nLine three")
      }
    }

    @Test func longestValidFieldsAreAccepted() async throws {
      try await withRouter { client, _ in
        let body = Self.profileJSON(
          displayName: String(repeating: "é", count: 50), bio: String(repeating: "🙂", count: 160))
        let response = try await client.execute(
          uri: "/me", method: .put, headers: [.contentType: "application/json; charset=utf-8"],
          body: ByteBuffer(string: body))
        #expect(response.status == .ok)
      }
    }
  }
}

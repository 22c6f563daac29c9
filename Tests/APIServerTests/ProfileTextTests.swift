import APIServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import SharedModels
import Testing

extension ServerSuite {
  @Suite("Profile text: invisible and bidirectional characters")
  struct ProfileTextTests {
    /// `PUT /me` with `update` as JSON.
    static func put(
      _ update: ProfileUpdate, client: any TestClientProtocol
    ) async throws -> TestResponse {
      try await client.execute(
        uri: "/me", method: .put, headers: [.contentType: "application/json"],
        body: ByteBuffer(bytes: try JSONEncoder.api.encode(update)))
    }

    static func update(displayName: String = "Ada", bio: String = "", email: String = "a@b.co")
      -> ProfileUpdate
    {
      ProfileUpdate(displayName: displayName, bio: bio, email: email)
    }

    /// Names a person sees as empty: zero-width spaces and joiners, a byte order mark, a word
    /// joiner, a soft hyphen, a Hangul filler, the blank braille pattern, alone or between
    /// whitespace.
    static let invisibleNames = [
      "\u{200B}", "\u{200D}", "\u{200C}\u{200D}", "\u{FEFF}", " \u{2060} ", "\u{00AD}",
      "\u{3164}", "\u{2800}", "\u{200B}\u{200B}\u{200B}", "\t\u{FEFF}\u{200B} ",
    ]

    @Test(arguments: invisibleNames)
    func aNameOfInvisibleCharactersIsEmpty(_ name: String) async throws {
      try await withRouter { client, _ in
        let before: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        let response = try await Self.put(Self.update(displayName: name), client: client)
        #expect(response.status == .unprocessableContent)
        let error: APIErrorBody = try response.decoded()
        #expect(error.field == "displayName")
        #expect(error.message == "Display name cannot be empty.")
        let after: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        #expect(after == before)
      }
    }

    /// Embeddings, overrides and isolates: U+202A–U+202E and U+2066–U+2069.
    static let bidiControls: [Unicode.Scalar] = [
      "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
      "\u{2068}", "\u{2069}",
    ]

    @Test(arguments: bidiControls)
    func bidirectionalControlsAreRefusedInTheNameAndTheBio(_ control: Unicode.Scalar) async throws {
      try await withRouter { client, _ in
        let before: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        let text = "Ada \(Character(control))ecalevol"

        let name = try await Self.put(Self.update(displayName: text), client: client)
        #expect(name.status == .unprocessableContent)
        let nameError: APIErrorBody = try name.decoded()
        #expect(nameError.field == "displayName")
        #expect(
          nameError.message
            == "Display name cannot contain bidirectional controls (U+202A–U+202E, U+2066–U+2069).")

        let bio = try await Self.put(Self.update(bio: text), client: client)
        #expect(bio.status == .unprocessableContent)
        let bioError: APIErrorBody = try bio.decoded()
        #expect(bioError.field == "bio")
        #expect(
          bioError.message
            == "Bio cannot contain bidirectional controls (U+202A–U+202E, U+2066–U+2069).")

        let after: UserProfile = try await client.execute(uri: "/me", method: .get).decoded()
        #expect(after == before)
      }
    }

    @Test func invisibleCharactersAreRefusedInTheEmail() async throws {
      try await withRouter { client, _ in
        for email in ["a\u{200B}@b.co", "\u{FEFF}a@b.co", "a@b\u{200D}.co", "a@b.co\u{202E}"] {
          let response = try await Self.put(Self.update(email: email), client: client)
          #expect(response.status == .unprocessableContent, "\(email.unicodeScalars)")
          let error: APIErrorBody = try response.decoded()
          #expect(error.field == "email")
        }
      }
    }

    @Test func aBioOfInvisibleCharactersIsSavedEmpty() async throws {
      try await withRouter { client, _ in
        let response = try await Self.put(
          Self.update(bio: " \u{200B}\u{FEFF}\n\u{2060} "), client: client)
        #expect(response.status == .ok)
        let profile: UserProfile = try response.decoded()
        #expect(profile.bio == "")
      }
    }

    @Test func visibleTextWithJoinersAndMarksIsAccepted() async throws {
      try await withRouter { client, _ in
        // A ZWJ emoji sequence, an emoji with its variation selector, a flag of tag characters,
        // a right-to-left mark in Hebrew, a zero-width non-joiner in Persian.
        for name in [
          "👩‍💻 Ada", "Ada ❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "\u{200F}דנה", "می‌خواهم", "Ada\u{200B}Lovelace",
        ] {
          let response = try await Self.put(
            Self.update(displayName: name, bio: "Bio: \(name)"), client: client)
          #expect(response.status == .ok, "\(name.unicodeScalars)")
          let profile: UserProfile = try response.decoded()
          #expect(profile.displayName == name)
          #expect(profile.bio == "Bio: \(name)")
        }
      }
    }
  }
}

import APIClient
import APIClientLive
import APIServer
import ComposableArchitecture
import Foundation
import LiveServerTestSupport
import ProfileFeature
import ProfileFeatureLive
import SharedModels
import Testing

@Suite(.serialized)
struct ProfileClientLiveTests {
  @Test
  func meIsTheSignedInUsersProfile() async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      let profile = try await ProfileClient.liveValue.me()
      let user = try await APIClient.liveValue.user(id: profile.id)
      #expect(profile.id == 1)
      #expect(profile.handle == user.handle)
      #expect(profile.displayName == user.displayName)
    }
  }

  @Test
  func anUpdateIsSavedTrimmed() async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      let client = ProfileClient.liveValue
      let saved = try await client.updateMe(
        ProfileUpdate(displayName: "  Zoë 🦉  ", bio: " 東京 ", email: "zoe@example.com"))
      #expect(saved.displayName == "Zoë 🦉")
      #expect(saved.bio == "東京")
      #expect(saved.email == "zoe@example.com")
      #expect(try await client.me() == saved)
    }
  }

  // Two apps on one server, each showing the profile: the second to save must not overwrite
  // the first's change unseen.
  @Test
  func anUpdateOfAProfileChangedElsewhereIsRefusedThenSentAgainKnowingly() async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      let (first, second) = (ProfileClient.liveValue, ProfileClient.liveValue)
      let shown = try await first.me()
      #expect(try await second.me() == shown)
      let firsts = try await first.updateMe(
        ProfileUpdate(displayName: shown.displayName, bio: "From the first", email: shown.email))
      let seconds = ProfileUpdate(
        displayName: shown.displayName, bio: shown.bio, email: "second@example.com")
      await #expect(throws: APIError.conflict(ProfileClient.conflictMessage)) {
        try await second.updateMe(seconds)
      }
      #expect(try await APIClient.liveValue.me() == firsts)
      // Sent again, as the alert's Retry does: the person has been told.
      let saved = try await second.updateMe(seconds)
      #expect(saved.email == "second@example.com")
      #expect(try await APIClient.liveValue.me() == saved)
      // The first app's next save is refused in turn, until it has seen this one.
      var firstsNext = ProfileUpdate(firsts)
      firstsNext.bio = "From the first, again"
      await #expect(throws: APIError.conflict(ProfileClient.conflictMessage)) {
        try await first.updateMe(firstsNext)
      }
      // An update that changes nothing there is not one: what it asks for is already saved.
      #expect(try await first.updateMe(ProfileUpdate(saved)) == saved)
    }
  }

  // Apps that all show the same profile and save at once: the server checks the version in
  // the transaction that writes, so one save lands and every other is told.
  @Test
  func ofSavesAtOnceFromTheSameProfileOneLandsAndTheOthersAreRefused() async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      let clients = (0..<8).map { _ in ProfileClient.liveValue }
      var profiles: [UserProfile] = []
      for client in clients { profiles.append(try await client.me()) }
      let shown = profiles
      let outcomes = await withTaskGroup(of: Result<UserProfile, any Error>.self) { group in
        for (index, client) in clients.enumerated() {
          group.addTask {
            await Result {
              try await client.updateMe(
                ProfileUpdate(
                  displayName: shown[index].displayName, bio: "App \(index)",
                  email: shown[index].email))
            }
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      let saved = outcomes.compactMap { try? $0.get() }
      #expect(saved.count == 1)
      #expect(try await APIClient.liveValue.me() == saved.first)
      for case let .failure(error) in outcomes {
        #expect(error as? APIError == .conflict(ProfileClient.conflictMessage))
      }
    }
  }

  // A server that names no versions (no `ETag`) is written to as it is asked: any version.
  @Test
  func withoutVersionsAnUpdateReplacesAnyVersion() async throws {
    let versions = LockIsolated<[String]>([])
    try await withDependencies {
      $0.apiClient.versionedMe = { Versioned(.alice, version: nil) }
      $0.apiClient.updateMeIfUnchanged = { update, version in
        versions.withValue { $0.append(version) }
        let saved = UserProfile(
          id: 1, handle: "alice", displayName: update.displayName, bio: update.bio,
          email: update.email)
        return Versioned(saved, version: nil)
      }
    } operation: {
      let client = ProfileClient.liveValue
      _ = try await client.me()
      let saved = try await client.updateMe(
        ProfileUpdate(displayName: "Alice", bio: "Hi", email: "alice@example.com"))
      #expect(saved.bio == "Hi")
      #expect(versions.value == ["*"])
    }
  }

  // A weak tag (a proxy that compresses answers makes `W/"…"` of the server's) never matches
  // `If-Match`: sent back, every save would be refused. The client names no version then.
  @Test
  func aWeakVersionIsNotSentBack() async throws {
    let versions = LockIsolated<[String]>([])
    try await withDependencies {
      $0.apiClient.versionedMe = { Versioned(.alice, version: #"W/"abc""#) }
      $0.apiClient.updateMeIfUnchanged = { update, version in
        versions.withValue { $0.append(version) }
        return Versioned(.alice, version: #"W/"def""#)
      }
    } operation: {
      let client = ProfileClient.liveValue
      _ = try await client.me()
      _ = try await client.updateMe(ProfileUpdate(.alice))
      _ = try await client.updateMe(ProfileUpdate(.alice))
      #expect(versions.value == ["*", "*"])
    }
  }

  // A save before any read replaces whatever is there, and the next save names what it saved.
  @Test
  func aSaveBeforeAnyReadReplacesAnyVersionThenNamesItsOwn() async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      let (client, other) = (ProfileClient.liveValue, ProfileClient.liveValue)
      let shown = try await other.me()
      let first = try await client.updateMe(
        ProfileUpdate(displayName: shown.displayName, bio: "First", email: shown.email))
      #expect(first.bio == "First")
      // The other app showed the profile before that save: its own save is refused.
      var others = ProfileUpdate(shown)
      others.bio = "Other"
      await #expect(throws: APIError.conflict(ProfileClient.conflictMessage)) {
        try await other.updateMe(others)
      }
      // And the first client now names the version it saved: a save made elsewhere since is
      // not replaced unseen.
      var second = ProfileUpdate(first)
      second.bio = "Second"
      _ = try await other.updateMe(second)
      await #expect(throws: APIError.conflict(ProfileClient.conflictMessage)) {
        try await client.updateMe(ProfileUpdate(first))
      }
    }
  }

  @Test
  func anInvalidUpdateIsRefusedWithTheServersMessageAndChangesNothing() async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      let client = ProfileClient.liveValue
      let before = try await client.me()
      // Sent without checking it first, as an out-of-date client would.
      let invalid = ProfileUpdate(
        displayName: before.displayName, bio: before.bio, email: "not an email")
      await #expect(throws: APIError.validation("Email must look like name@example.com.")) {
        try await client.updateMe(invalid)
      }
      #expect(try await client.me() == before)
    }
  }

  @Test
  func theEditorRollsBackWhenTheServerRefusesTheSave() async throws {
    try await withLiveServer(users: 5, posts: 5) { server in
      try await Self.saveRefusedByTheServer(baseURL: server.baseURL)
    }
  }

  /// Edits the live profile and saves it through a client that spoils the email on the way
  /// (as a client with out-of-date rules would send it): the server's refusal rolls the
  /// profile back and keeps the draft.
  @MainActor
  private static func saveRefusedByTheServer(baseURL: URL) async throws {
    let profile = try await withDependencies {
      $0.apiConfiguration = APIConfiguration(baseURL: baseURL)
      $0.apiClient = .liveValue
    } operation: {
      try await ProfileClient.liveValue.me()
    }
    let store = TestStore(initialState: Profile.State(profile: profile)) {
      Profile()
    } withDependencies: {
      $0.apiConfiguration = APIConfiguration(baseURL: baseURL)
      $0.apiClient = .liveValue
      $0.profileClient = .liveValue
      $0.profileClient.updateMe = { update in
        var spoiled = update
        spoiled.email = "no-at-sign.example"
        return try await ProfileClient.liveValue.updateMe(spoiled)
      }
    }

    await store.send(.binding(.set(\.draft.bio, "Refused by the server"))) {
      $0.draft.bio = "Refused by the server"
    }
    var optimistic = profile
    optimistic.bio = "Refused by the server"
    await store.send(.saveButtonTapped) {
      $0.profileBeforeSave = profile
      $0.profile = optimistic
    }
    let message = "Email must look like name@example.com."
    await store.receive(.saveFailed(message), timeout: .seconds(10)) {
      $0.profile = profile
      $0.profileBeforeSave = nil
      $0.failedRequest = .save
      $0.errorMessage = message
      $0.alert = Profile.failureAlert(.save, message: message)
    }
    #expect(store.state.draft.bio == "Refused by the server")
    await store.finish()
  }
}

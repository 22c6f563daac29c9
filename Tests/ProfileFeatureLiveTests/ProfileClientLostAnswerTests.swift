import APIClient
import APIClientLive
import ComposableArchitecture
import LiveServerTestSupport
import ProfileFeature
import ProfileFeatureLive
import SharedModels
import Testing

/// Saves whose answer never reached the client: the server saved them, the client cannot know.
@Suite(.serialized)
struct ProfileClientLostAnswerTests {
  // The alert's Retry sends the same update again: it is already saved, not a conflict.
  @Test
  func theSameUpdateSentAgainAfterALostAnswerIsSaved() async throws {
    try await withLostAnswers { losesNextAnswer in
      let client = ProfileClient.liveValue
      let shown = try await client.me()
      let update = ProfileUpdate(
        displayName: shown.displayName, bio: " Landed ", email: shown.email)
      losesNextAnswer()
      await #expect(throws: APIError.timedOut) { try await client.updateMe(update) }
      let saved = try await client.updateMe(update)
      #expect(saved.bio == "Landed")
      #expect(try await APIClient.liveValue.me() == saved)
      // And the client knows the version now: the next save goes through at once.
      var next = ProfileUpdate(saved)
      next.bio = "Next"
      #expect(try await client.updateMe(next).bio == "Next")
    }
  }

  // The person edits further after the failed save: their own save is not "changed elsewhere".
  @Test
  func anotherUpdateAfterALostAnswerIsSavedOverIt() async throws {
    try await withLostAnswers { losesNextAnswer in
      let client = ProfileClient.liveValue
      let shown = try await client.me()
      var update = ProfileUpdate(shown)
      update.bio = "Landed unheard"
      losesNextAnswer()
      await #expect(throws: APIError.timedOut) { try await client.updateMe(update) }
      update.bio = "Edited since"
      let saved = try await client.updateMe(update)
      #expect(saved.bio == "Edited since")
      #expect(try await APIClient.liveValue.me() == saved)
    }
  }

  // A lost answer does not let the client overwrite a change made elsewhere after it.
  @Test
  func aChangeMadeElsewhereAfterALostAnswerIsStillAConflict() async throws {
    try await withLostAnswers { losesNextAnswer in
      let (client, other) = (ProfileClient.liveValue, ProfileClient.liveValue)
      let shown = try await client.me()
      var update = ProfileUpdate(shown)
      update.bio = "Landed unheard"
      losesNextAnswer()
      await #expect(throws: APIError.timedOut) { try await client.updateMe(update) }
      _ = try await other.me()
      var elsewhere = update
      elsewhere.email = "elsewhere@example.com"
      let theirs = try await other.updateMe(elsewhere)
      update.bio = "Edited since"
      await #expect(throws: APIError.conflict(ProfileClient.conflictMessage)) {
        try await client.updateMe(update)
      }
      #expect(try await APIClient.liveValue.me() == theirs)
    }
  }

  // An invalid update after a lost answer is refused for what is wrong with it, not as a
  // conflict with the client's own save; the next valid one is saved.
  @Test
  func anInvalidUpdateAfterALostAnswerIsRefusedAsInvalid() async throws {
    try await withLostAnswers { losesNextAnswer in
      let client = ProfileClient.liveValue
      let shown = try await client.me()
      var update = ProfileUpdate(shown)
      update.bio = "Landed unheard"
      losesNextAnswer()
      await #expect(throws: APIError.timedOut) { try await client.updateMe(update) }
      var invalid = update
      invalid.email = "not an email"
      await #expect(throws: APIError.validation("Email must look like name@example.com.")) {
        try await client.updateMe(invalid)
      }
      update.bio = "Edited since"
      #expect(try await client.updateMe(update).bio == "Edited since")
    }
  }

  /// Runs `body` against a live server whose `PUT /me` answers can be lost: after the
  /// function `body` is given is called, the next `PUT` is saved but answered `timedOut`.
  private func withLostAnswers(
    _ body: @Sendable (_ losesNextAnswer: @Sendable () -> Void) async throws -> Void
  ) async throws {
    try await withLiveAPI(users: 5, posts: 5) { _ in
      let losing = LockIsolated(false)
      try await withDependencies {
        $0.apiClient.updateMeIfUnchanged = { update, version in
          let saved = try await APIClient.liveValue.updateMeIfUnchanged(update, version)
          let loses = losing.withValue { losing in
            defer { losing = false }
            return losing
          }
          if loses { throw APIError.timedOut }
          return saved
        }
      } operation: {
        try await body { losing.setValue(true) }
      }
    }
  }
}
